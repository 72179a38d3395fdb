"""A hold-out of typed tool stubs for ``bench_realism_holdout.py``, from domains the tuning stubs
(``realism_stubs.py``, ``context_stubs.py``) leave out: healthcare (FHIR-like), banking, logistics,
recruiting, real estate, flight status, code hosting / issue trackers / chat, CI, IoT, sports,
recipes, courses, insurance, markets, air quality, music and podcasts, ads, books, vehicles, web
sessions, inventory, fitness, geography and utilities. Written as users write them (pydantic,
TypedDict, dataclass; OpenAPI-style camelCase beside snake_case; nested objects, lists, enums,
Optional fields), with fields whose meaning is only in the name. Not tuned to synthworld's rules:
the realism layer was never fitted to these names."""

from __future__ import annotations

from holdout.life import (
    AirQuality,
    Athlete,
    Book,
    Campaign,
    City,
    Course,
    CryptoPrice,
    Device,
    Grade,
    InsuranceClaim,
    InventoryItem,
    InvoiceSummary,
    MatchResult,
    PodcastEpisode,
    Recipe,
    SensorReading,
    StockQuote,
    SupportConversation,
    Track,
    Upload,
    UtilityBill,
    Vehicle,
    WebSession,
    Workout,
)
from holdout.work import (
    Appointment,
    BankAccount,
    Candidate,
    Commit,
    Consignment,
    Deployment,
    FlightStatus,
    HotelStay,
    JiraIssue,
    JobPosting,
    LabResult,
    LinearIssue,
    Listing,
    Patient,
    Practitioner,
    Prescription,
    Release,
    ScheduledJob,
    SlackMessage,
    Transaction,
    TransactionPage,
    Warehouse,
    WorkflowRun,
)
from synthworld import SyntheticWorld

__all__ = ["TOOLS", "make_holdout_world"]


def make_holdout_world(seed: int) -> SyntheticWorld:
    """A world with the hold-out stubs registered (their bodies are never run)."""
    world = SyntheticWorld(seed=seed)
    for fn in TOOLS:
        world.tool(fn)
    return world


# Each stub is a tool an agent would call; the body is never run.
def get_patient(patient_id: str) -> Patient: ...
def search_patients(family_name: str) -> list[Patient]: ...
def get_practitioner(npi: str) -> Practitioner: ...
def book_appointment(patient_id: str, practitioner_npi: str, start: str) -> Appointment: ...
def list_appointments(patient_id: str) -> list[Appointment]: ...
def get_lab_results(patient_id: str) -> list[LabResult]: ...
def get_prescription(rx_number: str) -> Prescription: ...
def get_bank_account(account_id: str) -> BankAccount: ...
def list_transactions(account_id: str, limit: int = 20) -> TransactionPage: ...
def get_transaction(transaction_id: str) -> Transaction: ...
def track_consignment(tracking_number: str) -> Consignment: ...
def get_warehouse(warehouse_code: str) -> Warehouse: ...
def get_job_posting(job_id: str) -> JobPosting: ...
def search_jobs(query: str, location: str) -> list[JobPosting]: ...
def get_candidate(candidate_id: str) -> Candidate: ...
def get_listing(mls_number: str) -> Listing: ...
def search_listings(city: str, max_price: int) -> list[Listing]: ...
def get_flight_status(flight_number: str, date: str) -> FlightStatus: ...
def book_hotel(hotel_id: str, check_in: str, check_out: str) -> HotelStay: ...
def get_commit(repo: str, sha: str) -> Commit: ...
def list_commits(repo: str) -> list[Commit]: ...
def get_latest_release(repo: str) -> Release: ...
def get_jira_issue(issue_key: str) -> JiraIssue: ...
def post_slack_message(channel_id: str, text: str) -> SlackMessage: ...
def get_linear_issue(identifier: str) -> LinearIssue: ...
def get_workflow_run(run_id: int) -> WorkflowRun: ...
def deploy_service(service_name: str, version: str) -> Deployment: ...
def get_scheduled_job(job_name: str) -> ScheduledJob: ...
def get_sensor_reading(device_id: str) -> SensorReading: ...
def list_sensor_readings(device_id: str) -> list[SensorReading]: ...
def get_device(device_id: str) -> Device: ...
def get_match_result(match_id: str) -> MatchResult: ...
def list_fixtures(league: str) -> list[MatchResult]: ...
def get_athlete(player_id: str) -> Athlete: ...
def get_recipe(recipe_id: str) -> Recipe: ...
def search_recipes(query: str) -> list[Recipe]: ...
def get_course(course_code: str) -> Course: ...
def get_grades(student_id: str) -> list[Grade]: ...
def get_claim(claim_number: str) -> InsuranceClaim: ...
def file_claim(policy_number: str, description: str) -> InsuranceClaim: ...
def get_stock_quote(ticker: str) -> StockQuote: ...
def get_crypto_price(symbol: str) -> CryptoPrice: ...
def get_air_quality(city: str) -> AirQuality: ...
def get_track(track_id: str) -> Track: ...
def search_tracks(query: str) -> list[Track]: ...
def get_podcast_episode(episode_id: str) -> PodcastEpisode: ...
def get_campaign(campaign_id: str) -> Campaign: ...
def list_campaigns(account_id: str) -> list[Campaign]: ...
def get_book(isbn: str) -> Book: ...
def decode_vin(vin: str) -> Vehicle: ...
def get_session(session_id: str) -> WebSession: ...
def get_upload(upload_id: str) -> Upload: ...
def get_inventory_item(sku: str) -> InventoryItem: ...
def get_workout(workout_id: str) -> Workout: ...
def lookup_city(name: str) -> City: ...
def get_utility_bill(account_number: str) -> UtilityBill: ...
def get_invoice_summary(invoice_number: str) -> InvoiceSummary: ...
def get_support_conversation(conversation_id: str) -> SupportConversation: ...
def list_support_conversations(requester_email: str) -> list[SupportConversation]: ...
def get_warehouse_stock(warehouse_code: str) -> list[InventoryItem]: ...


TOOLS = (
    get_patient,
    search_patients,
    get_practitioner,
    book_appointment,
    list_appointments,
    get_lab_results,
    get_prescription,
    get_bank_account,
    list_transactions,
    get_transaction,
    track_consignment,
    get_warehouse,
    get_job_posting,
    search_jobs,
    get_candidate,
    get_listing,
    search_listings,
    get_flight_status,
    book_hotel,
    get_commit,
    list_commits,
    get_latest_release,
    get_jira_issue,
    post_slack_message,
    get_linear_issue,
    get_workflow_run,
    deploy_service,
    get_scheduled_job,
    get_sensor_reading,
    list_sensor_readings,
    get_device,
    get_match_result,
    list_fixtures,
    get_athlete,
    get_recipe,
    search_recipes,
    get_course,
    get_grades,
    get_claim,
    file_claim,
    get_stock_quote,
    get_crypto_price,
    get_air_quality,
    get_track,
    search_tracks,
    get_podcast_episode,
    get_campaign,
    list_campaigns,
    get_book,
    decode_vin,
    get_session,
    get_upload,
    get_inventory_item,
    get_workout,
    lookup_city,
    get_utility_bill,
    get_invoice_summary,
    get_support_conversation,
    list_support_conversations,
    get_warehouse_stock,
)
