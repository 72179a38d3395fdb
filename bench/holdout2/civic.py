"""Records of the second hold-out's public life: agriculture, energy metering and EV charging,
libraries, museums, parking, ride-hailing, food delivery, gaming, charity, elections, public
transit, genomics, astronomy and recurring shifts."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel
from typing_extensions import TypedDict

__all__ = [
    "ArtworkRecord", "BallotTally", "CandidateTally", "ChargingSession", "DeliveryOrder", "DishLine",
    "Donation", "Exoplanet", "FieldPlot", "GeneVariant", "IntervalReading", "LeaderboardEntry",
    "LibraryLoan", "MenuDish", "ParkingSession", "RideFare", "RideTrip", "SequencingRun",
    "ShiftPattern", "SkyObservation", "SolarArray", "TransitDeparture", "TransitCard", "Leaderboard",
]  # fmt: skip


# -- agriculture and energy --------------------------------------------------------------------------


class FieldPlot(TypedDict):
    plot_name: str
    crop_variety: str
    planted_on: dt.date
    expected_harvest_on: dt.date
    area_hectares: float
    soil_ph: float
    soil_moisture_pct: float
    nitrogen_kg_per_ha: float
    yield_t_per_ha: float
    rainfall_mm_30d: float
    min_air_temp_c: float
    max_air_temp_c: float


class IntervalReading(BaseModel):
    meter_serial: str
    interval_start: dt.datetime
    interval_end: dt.datetime
    import_kwh: float
    export_kwh: float
    voltage_v: float
    power_factor: float
    peak_demand_kw: float
    tariff_name: str


class ChargingSession(TypedDict):
    session_ref: str
    connector_type: Literal["CCS2", "CHAdeMO", "Type2", "NACS"]
    plugged_in_at: dt.datetime
    unplugged_at: dt.datetime
    energy_delivered_kwh: float
    max_power_kw: float
    soc_start_pct: int
    soc_end_pct: int
    session_cost_eur: float


class SolarArray(BaseModel):
    site_name: str
    panel_count: int
    system_size_kw: float
    inverter_model: str
    installed_on: dt.date
    lifetime_generation_mwh: float
    tilt_deg: float
    azimuth_deg: float


# -- libraries, museums -----------------------------------------------------------------------------


class LibraryLoan(TypedDict):
    item_barcode: str
    call_number: str
    book_title: str
    patron_card_number: str
    borrowed_on: dt.date
    due_back_on: dt.date
    renewals_left: int
    overdue_fine_usd: float


class ArtworkRecord(BaseModel):
    accession_number: str
    artwork_title: str
    artist_display_name: str
    medium: str
    object_date: str
    acquisition_year: int
    credit_line: str
    gallery_room: str | None = None
    on_view: bool


# -- parking, rides, food delivery --------------------------------------------------------------------


class ParkingSession(TypedDict):
    vehicle_plate: str
    zone_code: str
    space_number: str
    entered_at: dt.datetime
    exited_at: dt.datetime
    duration_min: int
    rate_per_hour_usd: float
    parking_fee_usd: float


class RideFare(TypedDict):
    baseFare: float
    surgeMultiplier: float
    tipAmount: float
    totalFare: float


class RideTrip(TypedDict):
    tripId: str
    riderName: str
    driverRating: float
    pickupAt: dt.datetime
    dropoffAt: dt.datetime
    pickupAddress: str
    dropoffAddress: str
    distanceMiles: float
    fare: RideFare


class DishLine(TypedDict):
    dish_name: str
    qty: int
    item_price_usd: float


@dataclass
class DeliveryOrder:
    order_ref: str
    restaurant: str
    dishes: list[DishLine]
    food_subtotal_usd: float
    delivery_fee_usd: float
    courier_name: str
    courier_vehicle: Literal["bike", "scooter", "car"]
    checkout_at: dt.datetime
    handed_over_at: dt.datetime
    eta_minutes: int


class MenuDish(BaseModel):
    dish_name: str
    price_cents: int
    energy_kcal: int
    spice_level: int
    allergens: list[str]


# -- gaming, charity, elections -----------------------------------------------------------------------


class LeaderboardEntry(TypedDict):
    rank: int
    gamertag: str
    xp_points: int
    kills: int
    deaths: int
    kd_ratio: float
    win_rate_pct: float
    matches_played: int
    last_played_at: dt.datetime


class Leaderboard(BaseModel):
    game_title: str
    total_players: int
    entries: list[LeaderboardEntry]


class Donation(TypedDict):
    donation_ref: str
    donor_name: str
    gift_amount_usd: float
    charity_ein: str
    fund_designation: str
    recurring_interval: Literal["one_time", "monthly", "annual"]
    donated_at: dt.datetime
    receipt_number: str
    gift_aid_eligible: bool


class CandidateTally(TypedDict):
    candidate: str
    party: str
    votes: int
    vote_share_pct: float


class BallotTally(BaseModel):
    precinct_name: str
    registered_voters: int
    ballots_cast: int
    turnout_pct: float
    tallies: list[CandidateTally]
    reported_at: dt.datetime


# -- public transit --------------------------------------------------------------------------------


class TransitDeparture(TypedDict):
    stop_code: str
    stop_name: str
    route_short_name: str
    headsign: str
    planned_departure_at: dt.datetime
    expected_departure_at: dt.datetime
    delay_sec: int
    platform_code: str
    occupancy: Literal["EMPTY", "MANY_SEATS_AVAILABLE", "FEW_SEATS_AVAILABLE", "STANDING_ROOM_ONLY"]


class TransitCard(BaseModel):
    card_serial: str
    stored_value_cents: int
    last_tap_at: dt.datetime
    last_tap_stop: str
    fare_product: str


# -- science ----------------------------------------------------------------------------------------


class SequencingRun(BaseModel):
    sample_accession: str
    organism: str
    flowcell_id: str
    read_count: int
    mean_coverage_x: float
    q30_pct: float
    gc_content_pct: float
    submitter_orcid: str
    publication_doi: str | None = None


class GeneVariant(TypedDict):
    rsid: str
    chromosome: str
    position_bp: int
    ref_allele: str
    alt_allele: str
    gene_symbol: str
    allele_frequency: float
    zygosity: Literal["heterozygous", "homozygous"]


class SkyObservation(TypedDict):
    target_name: str
    right_ascension_deg: float
    declination_deg: float
    exposure_time_s: float
    filter_band: Literal["u", "g", "r", "i", "z"]
    airmass: float
    seeing_arcsec: float
    apparent_magnitude: float
    telescope_name: str
    exposure_started_at: dt.datetime


class Exoplanet(BaseModel):
    planet_name: str
    host_star: str
    orbital_period_days: float
    radius_earth: float
    equilibrium_temp_k: float
    distance_pc: float
    discovery_year: int
    discovery_method: Literal["Transit", "Radial Velocity", "Imaging", "Microlensing"]


# -- rota --------------------------------------------------------------------------------------------


class ShiftPattern(TypedDict):
    shift_label: str
    rrule: str
    shift_starts: str
    shift_ends: str
    iana_timezone: str
    headcount: int
