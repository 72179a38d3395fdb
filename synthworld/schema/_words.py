"""Word pools for contextual strings, and the coarse shape of a string (url, date, word, name...)."""

from __future__ import annotations

import re

from faker.providers.lorem.en_US import Provider as _Lorem

__all__ = [
    "CURRENCIES",
    "EMOJI",
    "FILES",
    "FUNCTION_WORDS",
    "GENRES",
    "LABELS",
    "LANGUAGES",
    "LOCALES",
    "MIME_TYPES",
    "PRODUCT_ADJECTIVES",
    "PRODUCT_NOUNS",
    "PRONOUNS",
    "SHAPES",
    "STATUSES",
    "WORDS",
    "shape_of",
]

_SMALL = frozenset({"of", "the", "and", "a", "an", "in", "on", "for", "to", "at", "by", "with", "or"})
FUNCTION_WORDS = (
    frozenset(
        [
            "about", "again", "all", "also", "another", "any", "both", "but", "can", "could",
            "down", "each", "every", "few", "from", "her", "here", "him", "his", "how", "into",
            "its", "just", "let", "many", "may", "might", "more", "most", "much", "must", "nor",
            "not", "off", "once", "only", "other", "our", "out", "over", "own", "per", "same",
            "should", "some", "still", "such", "than", "that", "their", "them", "then", "there",
            "these", "they", "this", "those", "too", "under", "very", "what", "when", "where",
            "which", "while", "who", "whom", "whose", "why", "will", "would", "yet"
        ]
    )
    | _SMALL
)  # fmt: skip
"""Words that say nothing alone (Faker's lorem list has them): no category, status or type is ``these``."""
WORDS: tuple[str, ...] = tuple(w for w in _Lorem.word_list if w.isalpha() and len(w) > 2 and w not in _SMALL)
"""Common English words (Faker's en_US lorem list), without the small ones a title keeps lowercase."""
EMOJI = (
    "coffee", "tada", "smile", "rocket", "wave", "thumbsup", "heart", "fire", "eyes", "sparkles",
    "palm_tree", "house_with_garden", "spiral_calendar_pad", "books", "headphones", "sunny", "zap",
    "star", "white_check_mark", "bulb", "pizza", "beach_with_umbrella", "car", "airplane", "tea",
    "sleeping", "calendar", "speech_balloon", "musical_note", "muscle", "raised_hands", "clap",
    "rainbow", "snowflake", "hammer_and_wrench", "computer", "dog", "cat", "seedling", "trophy",
)  # fmt: skip
LABELS = (
    "bug", "feature", "docs", "urgent", "backend", "frontend", "design", "question", "enhancement",
    "blocked", "security", "billing", "onboarding", "performance", "mobile", "infra", "research",
    "marketing", "legal", "support",
)  # fmt: skip
STATUSES = (
    "active", "pending", "open", "closed", "archived", "draft", "completed", "failed", "processing",
    "cancelled", "inactive", "approved", "shipped", "paused", "published", "resolved",
)  # fmt: skip
GENRES = (
    "rock", "pop", "jazz", "indie", "folk", "classical", "electronic", "blues", "soul", "metal",
    "country", "ambient", "punk", "reggae", "funk",
)  # fmt: skip
CURRENCIES = (
    "USD", "USD", "USD", "USD", "EUR", "EUR", "EUR", "GBP", "GBP", "JPY", "CAD", "AUD", "CHF", "CNY",
    "INR", "BRL", "MXN", "SEK", "NOK", "DKK", "PLN", "NZD", "SGD", "HKD", "KRW", "ZAR",
)  # fmt: skip
"""ISO 4217 codes, the common ones oftener (a price in ``ZWG`` looks made up)."""
LANGUAGES = (
    "en", "en", "en", "es", "es", "fr", "fr", "de", "de", "pt", "it", "nl", "ja", "zh", "ko", "ru", "ar",
    "hi", "sv", "pl", "tr",
)  # fmt: skip
"""ISO 639-1 codes of widely used languages (Faker's own list holds ``gv`` and ``mni``)."""
LOCALES = (
    "en-US", "en-US", "en-US", "en-GB", "fr-FR", "de-DE", "es-ES", "es-MX", "pt-BR", "it-IT", "nl-NL",
    "ja-JP", "zh-CN", "ko-KR", "sv-SE", "pl-PL", "en-CA", "en-AU", "fr-CA",
)  # fmt: skip
"""BCP 47 locale tags."""
MIME_TYPES = (
    "application/json", "application/pdf", "text/plain", "text/csv", "text/html", "image/png",
    "image/jpeg", "image/gif", "image/svg+xml", "image/webp", "application/zip", "application/xml",
    "audio/mpeg", "video/mp4", "application/octet-stream", "application/msword",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
)  # fmt: skip
"""Media types files commonly have (Faker's list holds ``model/vrml`` and ``image/pjpeg``)."""
FILES = (
    (("invoice", "report", "contract", "meeting_notes", "proposal", "resume", "budget", "agenda",
      "statement", "summary"), ("pdf", "docx", "txt", "md")),
    (("IMG", "photo", "screenshot", "scan", "logo", "avatar", "banner"), ("jpg", "png", "gif", "webp")),
    (("export", "customers", "orders", "sales", "inventory", "transactions"), ("csv", "xlsx", "json")),
    (("voice_memo", "recording", "podcast", "track"), ("mp3", "wav")),
    (("clip", "demo", "video", "webinar"), ("mp4", "mov", "webm")),
    (("backup", "archive", "assets"), ("zip",)),
)  # fmt: skip
"""Names of files people keep, each with the extensions files of that kind have: ``IMG_4821.jpg``,
``invoice_2024.pdf`` (Faker's pair words with any extension: ``give.pages``)."""
ID_PREFIXES = {
    "message": "msg", "refund": "re", "order": "ord", "customer": "cus", "account": "acct",
    "transaction": "txn", "payment": "pay", "invoice": "inv", "subscription": "sub", "event": "evt",
    "request": "req", "ticket": "tkt", "document": "doc", "organization": "org", "organisation": "org",
    "workspace": "ws", "employee": "emp", "comment": "cmt", "attachment": "att", "notification": "ntf",
    "shipment": "shp", "reservation": "rsv", "booking": "bkg", "appointment": "appt", "device": "dev",
    "category": "cat", "image": "img", "report": "rpt", "record": "rec", "group": "grp", "charge": "ch",
    "calendar": "cal", "meeting": "mtg", "delivery": "dlv", "warehouse": "wh", "vendor": "vnd",
    "payment_intent": "pi", "payment_method": "pm", "checkout_session": "cs", "conversation": "conv",
    "channel": "chan", "playlist": "pl", "location": "loc", "campaign": "cmp", "contract": "ctr",
}  # fmt: skip
"""Short prefixes of identifiers by the noun they identify, as APIs write them (Stripe's ``cus_``,
``re_``, ``pi_``, ``evt_``; ``msg_``, ``txn_``, ``org_`` elsewhere); a noun not here keeps its first
four letters (``user_``, ``item_``, ``prod_``)."""
PRONOUNS = ("she/her", "he/him", "they/them", "she/they", "he/they")
CUISINES = (
    "Italian", "Japanese", "Mexican", "Indian", "Thai", "French", "Chinese", "Greek", "Spanish",
    "Vietnamese", "Korean", "Lebanese", "Portuguese", "Ethiopian", "Peruvian", "Turkish",
)  # fmt: skip
AIRPORTS = (
    "AMS", "ATL", "BCN", "CDG", "DXB", "FRA", "GRU", "HND", "IST", "JFK", "LAX", "LHR", "LIS", "MAD",
    "MEX", "OPO", "ORD", "SFO", "SIN", "SYD", "YYZ", "ZRH",
)  # fmt: skip
AIRLINES = ("AA", "AF", "BA", "DL", "EK", "IB", "KL", "LH", "QF", "SQ", "TP", "UA")
PRODUCT_ADJECTIVES = (
    "Classic", "Wireless", "Organic", "Compact", "Deluxe", "Smart", "Portable", "Ergonomic", "Vintage",
    "Ultra", "Premium", "Everyday", "Travel", "Eco", "Pro",
)  # fmt: skip
PRODUCT_NOUNS = (
    "Headphones", "Backpack", "Coffee Mug", "Desk Lamp", "Water Bottle", "Keyboard", "Notebook",
    "Sneakers", "T-Shirt", "Blender", "Chair", "Jacket", "Speaker", "Watch", "Tote Bag", "Candle",
)  # fmt: skip
PET_NAMES = (
    "Bella", "Max", "Luna", "Charlie", "Lucy", "Cooper", "Daisy", "Milo", "Bailey", "Rocky", "Coco",
    "Buddy", "Nala", "Oliver", "Simba", "Zoe", "Loki", "Pepper", "Ginger", "Shadow", "Biscuit", "Mochi",
)  # fmt: skip
"""A pet's name (a dog's, a cat's), not a person's full one."""
TICKET_SUBJECTS = (
    "Login page", "Checkout", "Password reset email", "Search results", "Invoice PDF", "Dashboard chart",
    "Mobile app", "CSV export", "Payment form", "Notification settings", "Profile page", "Order history",
    "Single sign-on", "File upload", "Calendar sync", "Shipping label",
)  # fmt: skip
TICKET_PROBLEMS = (
    "returns a 500 error", "times out", "shows stale data", "is slow to load", "fails on Safari",
    "crashes on startup", "does not save changes", "shows the wrong currency", "is missing translations",
    "sends duplicate emails", "ignores the selected date", "loses the cart",
)  # fmt: skip
"""A support ticket's or an issue's title: a part of a product and what goes wrong with it."""
EVENT_QUALIFIERS = (
    "Annual",
    "Spring",
    "Summer",
    "Autumn",
    "Winter",
    "Community",
    "Regional",
    "International",
)
EVENT_TOPICS = ("Jazz", "Tech", "Food", "Film", "Design", "Data", "Wine", "Art", "Science", "Startup", "Book")
EVENT_KINDS = ("Festival", "Summit", "Conference", "Meetup", "Expo", "Fair", "Workshop", "Gala", "Concert")
"""An event's name: "Annual Jazz Festival", "Community Data Meetup"."""

SHAPES = (
    "url", "uri", "email", "date", "date-time", "uuid", "hex", "digits", "slug", "identifier",
    "emoji code", "phone", "name", "sentence", "word", "other",
)  # fmt: skip
"""The coarse shapes :func:`shape_of` tells apart."""

_RULES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (shape, re.compile(rx))
    for shape, rx in (
        ("url", r"^(?i:https?|ftp|wss?)://\S+$"),
        ("email", r"^[^@\s]+@[^@\s]+\.[A-Za-z]{2,}$"),
        ("uuid", r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"),
        ("date-time", r"^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}"),
        ("date", r"^\d{4}-\d{2}(-\d{2})?$"),
        ("emoji code", r"^:[a-z0-9_+-]+:$"),
        ("digits", r"^\d+$"),
        ("hex", r"^(#[0-9a-fA-F]{3,8}|(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{6,}"
                r"|(?=[0-9A-F]*[A-F])(?=[0-9A-F]*\d)[0-9A-F]{6,})$"),
        ("phone", r"^(?=(\D*\d){7})\+?[\d(][\d\s().-]{5,}\d$"),
        ("uri", r"^[a-zA-Z][a-zA-Z0-9+.-]*:[^\s:]\S*$"),
        ("slug", r"^[a-z0-9]+(-[a-z0-9]+)+$"),
        ("word", r"^([a-z]+|[A-Z][a-z]+|[A-Z]+)$"),
        ("identifier", r"^[A-Za-z0-9_.:/-]+$"),
    )
)  # fmt: skip


def shape_of(value: str) -> str:
    """The coarse shape of ``value``: one of :data:`SHAPES`."""
    value = value.strip()
    for shape, rx in _RULES:
        if rx.match(value):
            return shape
    words = value.split()
    if len(words) < 2:
        return "other"
    capitalised = all(w[:1].isupper() or w[:1].isdigit() or w.lower() in _SMALL for w in words)
    if capitalised and len(words) <= 6 and value[-1] not in ".!?":
        return "name"
    return "sentence"
