"""Records of the hold-out's working domains: healthcare (FHIR-like, camelCase), banking,
logistics, recruiting, real estate, flights and hotels, code hosting, issue trackers, chat and CI."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel
from typing_extensions import NotRequired, TypedDict

__all__ = [
    "Appointment",
    "BankAccount",
    "Candidate",
    "Commit",
    "CommitAuthor",
    "Consignment",
    "Deployment",
    "Dimensions",
    "FlightStatus",
    "HotelStay",
    "HumanName",
    "JiraIssue",
    "JobPosting",
    "LabResult",
    "LinearIssue",
    "Listing",
    "Patient",
    "Practitioner",
    "Prescription",
    "Release",
    "ScanEvent",
    "ScheduledJob",
    "SlackMessage",
    "Transaction",
    "TransactionPage",
    "Warehouse",
    "WorkflowRun",
]


# -- healthcare (FHIR-like, camelCase) ----------------------------------------------------------


class HumanName(TypedDict):
    given: str
    family: str


class Patient(TypedDict):
    id: str
    mrn: str
    name: HumanName
    gender: Literal["male", "female", "other", "unknown"]
    birthDate: dt.date
    age: int
    phone: str
    email: str
    preferredLanguage: str
    insuranceMemberId: str


class Practitioner(BaseModel):
    npi: str
    first_name: str
    last_name: str
    specialty: str
    license_number: str
    clinic_name: str


class Appointment(BaseModel):
    appointment_id: str
    patient_id: str
    practitioner_npi: str
    start: dt.datetime
    end: dt.datetime
    duration_minutes: int
    status: Literal["booked", "arrived", "fulfilled", "cancelled", "noshow"]
    reason: str
    icd10_code: str
    location: str


class LabResult(TypedDict):
    loinc_code: str
    test_name: str
    value: float
    unit: str
    reference_low: float
    reference_high: float
    collected_at: dt.datetime
    resulted_at: dt.datetime


class Prescription(BaseModel):
    rx_number: str
    ndc_code: str
    drug_name: str
    dosage_mg: float
    refills_remaining: int
    prescribed_on: dt.date


# -- banking -------------------------------------------------------------------------------------


class BankAccount(BaseModel):
    account_id: str
    iban: str
    swift: str
    routing_number: str
    account_holder: str
    currency: str
    balance: float
    available_balance: float
    opened_on: dt.date


class Transaction(TypedDict):
    transaction_id: str
    amount: float
    currency: str
    merchant_name: str
    mcc: str
    booked_at: dt.datetime
    value_date: dt.date
    counterparty_iban: NotRequired[str]
    category: str
    balance_after: float


class TransactionPage(TypedDict):
    transactions: list[Transaction]
    total_count: int
    next_cursor: str | None


# -- logistics -----------------------------------------------------------------------------------


class Dimensions(TypedDict):
    length_cm: float
    width_cm: float
    height_cm: float


class ScanEvent(TypedDict):
    timestamp: dt.datetime
    city: str
    country_code: str
    description: str


class Consignment(BaseModel):
    tracking_number: str
    carrier: str
    service_level: str
    origin_country_code: str
    destination_country_code: str
    weight_kg: float
    dimensions: Dimensions
    shipped_at: dt.datetime
    estimated_delivery: dt.date
    events: list[ScanEvent]


class Warehouse(TypedDict):
    warehouse_code: str
    name: str
    city: str
    country: str
    latitude: float
    longitude: float
    capacity_pallets: int


# -- recruiting ----------------------------------------------------------------------------------


class JobPosting(BaseModel):
    job_id: str
    title: str
    department: str
    location: str
    employment_type: Literal["full_time", "part_time", "contract", "internship"]
    salary_min: int
    salary_max: int
    salary_currency: str
    posted_at: dt.datetime
    closes_at: dt.datetime
    remote: bool


class Candidate(TypedDict):
    candidateId: str
    firstName: str
    lastName: str
    email: str
    phoneNumber: str
    linkedinUrl: str
    yearsOfExperience: int
    currentEmployer: str
    resumeUrl: str
    appliedAt: dt.datetime


# -- real estate ---------------------------------------------------------------------------------


@dataclass
class Listing:
    mls_number: str
    street_address: str
    city: str
    state: str
    zip_code: str
    latitude: float
    longitude: float
    list_price: int
    bedrooms: int
    bathrooms: float
    square_feet: int
    lot_size_acres: float
    year_built: int
    hoa_fee: float
    listed_on: dt.date
    agent_name: str
    agent_phone: str


# -- flights -------------------------------------------------------------------------------------


class FlightStatus(TypedDict):
    flightNumber: str
    airlineIata: str
    departureIata: str
    arrivalIata: str
    scheduledDeparture: dt.datetime
    scheduledArrival: dt.datetime
    terminal: str
    gate: str
    aircraftType: str
    tailNumber: str
    status: Literal["scheduled", "boarding", "departed", "landed", "delayed", "cancelled"]
    delayMinutes: int


class HotelStay(BaseModel):
    confirmation_code: str
    hotel_name: str
    check_in: dt.date
    check_out: dt.date
    nights: int
    room_type: str
    nightly_rate: float
    currency: str
    guests: int


# -- code hosting, issue trackers, chat, CI --------------------------------------------------------


class CommitAuthor(TypedDict):
    name: str
    email: str
    date: dt.datetime


class Commit(TypedDict):
    sha: str
    message: str
    author: CommitAuthor
    parent_sha: str
    additions: int
    deletions: int


class Release(BaseModel):
    tag_name: str
    name: str
    draft: bool
    prerelease: bool
    published_at: dt.datetime
    tarball_url: str
    target_commitish: str


class JiraIssue(TypedDict):
    key: str
    summary: str
    issueType: Literal["Bug", "Story", "Task", "Epic"]
    priority: str
    storyPoints: int
    assigneeEmail: str
    sprintName: str
    created: dt.datetime
    dueDate: dt.date


class SlackMessage(TypedDict):
    ts: str
    channel_id: str
    user_id: str
    text: str
    thread_ts: str | None
    reply_count: int


class LinearIssue(BaseModel):
    identifier: str
    title: str
    estimate: int
    priority_label: str
    team_key: str
    cycle_number: int
    url: str


class WorkflowRun(TypedDict):
    run_id: int
    workflow_name: str
    head_branch: str
    head_sha: str
    event: str
    conclusion: Literal["success", "failure", "cancelled", "skipped"]
    started_at: dt.datetime
    completed_at: dt.datetime
    duration_seconds: int


class Deployment(BaseModel):
    service_name: str
    version: str
    git_sha: str
    image: str
    region: str
    environment: Literal["dev", "staging", "production"]
    replicas: int
    deployed_at: dt.datetime


class ScheduledJob(TypedDict):
    job_name: str
    cron: str
    timezone: str
    next_run_at: dt.datetime
    last_run_at: dt.datetime | None
    enabled: bool
