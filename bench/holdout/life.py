"""Records of the hold-out's other domains: IoT, sports, recipes, courses, insurance, markets, air
quality, music and podcasts, ads, books, vehicles, web sessions, uploads, inventory, fitness,
geography, utilities, invoices and support conversations."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from pydantic import BaseModel
from typing_extensions import TypedDict

__all__ = [
    "AirQuality",
    "Athlete",
    "Book",
    "Campaign",
    "City",
    "Course",
    "CryptoPrice",
    "Device",
    "Grade",
    "Ingredient",
    "InsuranceClaim",
    "InventoryItem",
    "InvoiceSummary",
    "MatchResult",
    "Nutrition",
    "PodcastEpisode",
    "Recipe",
    "SensorReading",
    "StockQuote",
    "SupportConversation",
    "Track",
    "Upload",
    "UtilityBill",
    "Vehicle",
    "WebSession",
    "Workout",
]


# -- IoT -----------------------------------------------------------------------------------------


class SensorReading(TypedDict):
    deviceId: str
    macAddress: str
    temperatureC: float
    humidityPct: float
    pressureHpa: float
    co2Ppm: int
    batteryLevel: int
    rssiDbm: int
    firmwareVersion: str
    recordedAt: dt.datetime


class Device(BaseModel):
    device_id: str
    serial_number: str
    model: str
    manufacturer: str
    ip_address: str
    mac_address: str
    firmware_version: str
    latitude: float
    longitude: float
    elevation_m: float
    last_seen_at: dt.datetime


# -- sports --------------------------------------------------------------------------------------


class MatchResult(TypedDict):
    match_id: str
    league: str
    season: str
    home_team: str
    away_team: str
    home_score: int
    away_score: int
    venue: str
    kickoff_at: dt.datetime
    attendance: int


class Athlete(BaseModel):
    player_id: str
    full_name: str
    position: str
    jersey_number: int
    height_cm: int
    weight_kg: float
    date_of_birth: dt.date
    nationality: str


# -- recipes -------------------------------------------------------------------------------------


class Ingredient(TypedDict):
    name: str
    quantity: float
    unit: str


class Nutrition(TypedDict):
    calories: int
    protein_g: float
    fat_g: float
    carbs_g: float
    sodium_mg: int


class Recipe(BaseModel):
    recipe_id: str
    title: str
    cuisine: str
    servings: int
    prep_time_minutes: int
    cook_time_minutes: int
    total_time_minutes: int
    difficulty: Literal["easy", "medium", "hard"]
    ingredients: list[Ingredient]
    nutrition: Nutrition


# -- education -----------------------------------------------------------------------------------


class Course(BaseModel):
    course_code: str
    title: str
    credits: int
    instructor: str
    start_date: dt.date
    end_date: dt.date
    enrolled: int
    capacity: int
    language: str


class Grade(TypedDict):
    student_id: str
    course_code: str
    letter_grade: str
    percentage: float
    gpa: float


# -- insurance -----------------------------------------------------------------------------------


class InsuranceClaim(BaseModel):
    claim_number: str
    policy_number: str
    vin: str
    incident_date: dt.date
    filed_at: dt.datetime
    claim_amount: float
    deductible: float
    approved_amount: float | None
    status: Literal["submitted", "under_review", "approved", "denied", "paid"]
    adjuster_name: str


# -- markets -------------------------------------------------------------------------------------


class StockQuote(TypedDict):
    ticker: str
    cusip: str
    isin: str
    exchange: str
    currency: str
    price: float
    open: float
    high: float
    low: float
    previous_close: float
    change_percent: float
    volume: int
    market_cap: int
    as_of: dt.datetime


class CryptoPrice(TypedDict):
    symbol: str
    priceUsd: float
    marketCapUsd: float
    volume24h: float
    changePercent24h: float


# -- air quality ---------------------------------------------------------------------------------


class AirQuality(BaseModel):
    station_name: str
    latitude: float
    longitude: float
    aqi: int
    pm25: float
    pm10: float
    ozone_ppb: float
    dominant_pollutant: str
    measured_at: dt.datetime
    uv_index: int
    wind_speed_kmh: float
    wind_direction_deg: int
    visibility_km: float


# -- music and podcasts ----------------------------------------------------------------------------


class Track(TypedDict):
    track_id: str
    title: str
    artist_name: str
    album_title: str
    duration_ms: int
    bpm: int
    musical_key: str
    isrc: str
    release_date: dt.date
    explicit: bool
    popularity: int


class PodcastEpisode(BaseModel):
    episode_id: str
    podcast_title: str
    episode_title: str
    season_number: int
    episode_number: int
    duration_seconds: int
    audio_url: str
    mime_type: str
    file_size_bytes: int
    published_at: dt.datetime
    host: str


# -- ads -----------------------------------------------------------------------------------------


class Campaign(TypedDict):
    campaignId: str
    campaignName: str
    status: Literal["ENABLED", "PAUSED", "REMOVED"]
    dailyBudget: float
    currencyCode: str
    impressions: int
    clicks: int
    ctr: float
    costPerClick: float
    conversions: int
    startDate: dt.date
    endDate: dt.date
    targetCountries: list[str]


# -- books, vehicles ------------------------------------------------------------------------------


class Book(BaseModel):
    isbn: str
    title: str
    author: str
    publisher: str
    published_year: int
    page_count: int
    language_code: str
    average_rating: float


class Vehicle(TypedDict):
    vin: str
    make: str
    model: str
    year: int
    license_plate: str
    odometer_km: int
    fuel_type: str
    exterior_color: str


# -- web sessions, uploads -------------------------------------------------------------------------


class WebSession(TypedDict):
    session_id: str
    user_agent: str
    ip_address: str
    locale: str
    timezone: str
    country_code: str
    started_at: dt.datetime
    ended_at: dt.datetime
    page_views: int
    referrer: str


class Upload(BaseModel):
    upload_id: str
    file_name: str
    mime_type: str
    size_bytes: int
    sha256: str
    uploaded_at: dt.datetime


# -- inventory, fitness, geography, utilities ---------------------------------------------------


class InventoryItem(BaseModel):
    sku: str
    upc: str
    product_name: str
    hex_color: str
    size: str
    weight_grams: int
    stock_quantity: int
    reorder_point: int
    unit_cost: float
    warehouse_code: str


class Workout(TypedDict):
    workout_id: str
    activity_type: str
    started_at: dt.datetime
    ended_at: dt.datetime
    distance_km: float
    avg_heart_rate_bpm: int
    max_heart_rate_bpm: int
    calories_burned: int
    steps: int
    elevation_gain_m: float


class City(TypedDict):
    name: str
    country_code: str
    admin_region: str
    latitude: float
    longitude: float
    elevation_m: int
    timezone: str
    population: int
    postal_code: str


class UtilityBill(BaseModel):
    account_number: str
    meter_id: str
    billing_period_start: dt.date
    billing_period_end: dt.date
    usage_kwh: float
    rate_per_kwh: float
    subtotal: float
    tax: float
    total: float
    currency: str
    due_date: dt.date


class InvoiceSummary(TypedDict):
    invoiceNumber: str
    customerName: str
    issueDate: dt.date
    dueDate: dt.date
    subTotal: float
    taxAmount: float
    totalAmount: float
    currencyCode: str


class SupportConversation(BaseModel):
    conversation_id: str
    channel: Literal["email", "chat", "phone", "social"]
    subject: str
    requester_email: str
    assignee_name: str
    first_response_minutes: int
    satisfaction_score: int
    tags: list[str]
    opened_at: dt.datetime
    closed_at: dt.datetime | None
