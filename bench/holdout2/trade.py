"""Records of the second hold-out's trades: law, pharmacy, veterinary care, telecom, cloud
billing, CI/CD and Kubernetes, DNS and certificates, package registries, customs and shipping,
manufacturing, warehouse bins, fleet telematics, translation, securities and internet routing."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel
from typing_extensions import NotRequired, TypedDict

__all__ = [
    "Attorney", "BgpRoute", "CallDetailRecord", "CloudBill", "CloudBillLine", "ContainerBooking",
    "Contract", "CustomsDeclaration", "DispensedFill", "DnsRecord", "DocketEntry", "DomainRegistration",
    "FleetPing", "ImageManifest", "LegalCase", "MobileLine", "MobilePlan", "PackageRelease",
    "PackageMaintainer", "PipelineRun", "PipelineStage", "PodStatus", "StorageObject", "TlsCertificate",
    "TranslationJob", "VetVisit", "WarehouseBin", "WorkOrder", "BondListing",
]  # fmt: skip


# -- law -----------------------------------------------------------------------------------------


class DocketEntry(TypedDict):
    entry_no: int
    entered_on: dt.date
    docket_text: str


class LegalCase(BaseModel):
    case_number: str
    court_name: str
    presiding_judge: str
    plaintiff: str
    defendant: str
    case_type: Literal["civil", "criminal", "bankruptcy", "family", "probate"]
    filed_on: dt.date
    next_hearing_at: dt.datetime | None = None
    docket_entries: list[DocketEntry]


class Contract(TypedDict):
    contractId: str
    counterpartyName: str
    effectiveDate: dt.date
    expirationDate: dt.date
    annualValueUsd: float
    renewalTermMonths: int
    noticePeriodDays: int
    governingLaw: str
    signatories: list[str]


class Attorney(BaseModel):
    bar_number: str
    attorney_name: str
    law_firm: str
    admitted_year: int
    practice_area: str
    hourly_rate_usd: float


# -- pharmacy and veterinary care ------------------------------------------------------------------


class DispensedFill(BaseModel):
    fill_id: str
    product_ndc: str
    strength_mg: float
    quantity_dispensed: int
    days_supply: int
    refills_authorized: int
    dispensed_at: dt.datetime
    pharmacist_name: str
    dea_number: str
    copay_usd: float


@dataclass
class VetVisit:
    visit_id: str
    pet_name: str
    species: Literal["dog", "cat", "rabbit", "bird", "horse"]
    breed: str
    pet_weight_kg: float
    microchip_number: str
    body_temp_c: float
    visit_reason: str
    vaccines_given: list[str]
    vet_name: str
    visit_total_usd: float


# -- telecom ---------------------------------------------------------------------------------------


class MobileLine(TypedDict):
    msisdn: str
    imei: str
    iccid: str
    plan_name: str
    data_used_mb: float
    data_allowance_gb: int
    voice_minutes_used: int
    billing_cycle_day: int
    roaming_enabled: bool


class MobilePlan(BaseModel):
    plan_code: str
    plan_title: str
    monthly_price_eur: float
    data_allowance_gb: int
    contract_months: int
    five_g: bool


class CallDetailRecord(TypedDict):
    callingNumber: str
    calledNumber: str
    callStartedAt: dt.datetime
    callDurationSec: int
    cellTowerId: str
    chargedAmountEur: float


# -- cloud, CI/CD, Kubernetes, DNS, registries ------------------------------------------------------


class CloudBillLine(TypedDict):
    service_code: str
    usage_type: str
    usage_quantity: float
    unit_price_usd: float
    line_cost_usd: float


class CloudBill(BaseModel):
    billing_account_id: str
    invoice_month: str
    lines: list[CloudBillLine]
    credits_usd: float
    tax_usd: float
    grand_total_usd: float


class PipelineStage(TypedDict):
    stage_name: str
    result: Literal["passed", "failed", "skipped"]
    stage_duration_sec: int


class PipelineRun(BaseModel):
    pipeline_number: int
    trigger_source: Literal["push", "merge_request", "schedule", "api"]
    revision: str
    docker_image: str
    k8s_namespace: str
    queued_at: dt.datetime
    finished_at: dt.datetime
    build_duration_ms: int
    stages: list[PipelineStage]
    artifact_bytes: int
    coverage_pct: float


class PodStatus(TypedDict):
    pod_name: str
    k8s_namespace: str
    node_name: str
    docker_image: str
    restart_count: int
    cpu_millicores: int
    memory_mib: int
    ready_containers: int
    total_containers: int
    phase: Literal["Pending", "Running", "Succeeded", "Failed"]


class DnsRecord(TypedDict):
    fqdn: str
    record_type: Literal["A", "AAAA", "CNAME", "MX", "TXT"]
    ttl_seconds: int
    rdata: str


class TlsCertificate(BaseModel):
    common_name: str
    subject_alt_names: list[str]
    issuer_cn: str
    serial_hex: str
    not_before: dt.datetime
    not_after: dt.datetime
    sha256_fingerprint: str
    key_algorithm: Literal["RSA", "ECDSA"]
    key_bits: int


class DomainRegistration(TypedDict):
    registered_domain: str
    registrar: str
    registered_on: dt.date
    expires_on: dt.date
    nameservers: list[str]
    dnssec_enabled: bool


class PackageMaintainer(TypedDict):
    handle: str
    contact_email: str


class PackageRelease(BaseModel):
    package_name: str
    latest_version: str
    license_spdx: str
    weekly_downloads: int
    unpacked_size_bytes: int
    integrity: str
    repository_url: str
    maintainers: list[PackageMaintainer]


class ImageManifest(TypedDict):
    docker_image: str
    image_digest: str
    compressed_size_bytes: int
    layer_count: int
    platform: str
    last_pushed: dt.datetime


class StorageObject(BaseModel):
    bucket_name: str
    object_key: str
    etag: str
    content_length: int
    storage_class: Literal["STANDARD", "STANDARD_IA", "GLACIER"]
    last_modified: dt.datetime


# -- customs, shipping, manufacturing, warehouse bins, fleets ---------------------------------------


class CustomsDeclaration(BaseModel):
    declaration_mrn: str
    eori: str
    hs_code: str
    goods_description: str
    country_of_origin: str
    customs_value_eur: float
    duty_rate_pct: float
    duty_amount_eur: float
    incoterm: Literal["EXW", "FOB", "CIF", "DAP", "DDP"]
    gross_mass_kg: float
    net_mass_kg: float


class ContainerBooking(TypedDict):
    container_number: str
    vessel_imo: str
    vessel_name: str
    port_of_loading: str
    port_of_discharge: str
    etd: dt.datetime
    eta: dt.datetime
    teu: int


@dataclass
class WorkOrder:
    work_order_no: str
    part_number: str
    quantity_ordered: int
    quantity_completed: int
    scrap_qty: int
    machine_id: str
    operator_name: str
    planned_start: dt.datetime
    planned_finish: dt.datetime
    cycle_time_sec: float
    oee_pct: float


class WarehouseBin(TypedDict):
    bin_code: str
    aisle: str
    rack_level: int
    max_load_kg: float
    fill_pct: float
    gtin: str
    lot_number: str
    best_before: dt.date


class FleetPing(TypedDict):
    vehicleId: str
    imei: str
    gpsLatitude: float
    gpsLongitude: float
    speedKph: float
    headingDeg: int
    fuelLevelPct: float
    engineRpm: int
    coolantTempC: float
    engineHours: float
    driverName: str
    pingedAt: dt.datetime


# -- translation, securities, routing --------------------------------------------------------------


class TranslationJob(BaseModel):
    job_ref: str
    source_lang: str
    target_lang: str
    word_count: int
    rate_per_word_usd: float
    quote_total_usd: float
    translator_name: str
    requested_at: dt.datetime
    deliver_by: dt.datetime
    fuzzy_match_pct: float


class BondListing(TypedDict):
    security_isin: str
    lei: str
    issuer_name: str
    coupon_rate_pct: float
    maturity_date: dt.date
    face_value: int
    clean_price: float
    yield_to_maturity_pct: float
    credit_rating: NotRequired[str]


class BgpRoute(BaseModel):
    asn: int
    as_name: str
    cidr: str
    peer_asn: int
    rir: Literal["ARIN", "RIPE", "APNIC", "LACNIC", "AFRINIC"]
    as_path: list[int]
