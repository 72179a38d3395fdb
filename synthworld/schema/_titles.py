"""Titles and labels that read as their kind's: a book's or a song's ("The Silent Harbor"), an
article's ("How to Brew Better Coffee"), a recipe's, a task's ("Review the Q3 budget"), a
project's ("Website Redesign"), a document's ("Q3 Sales Report"), and short labels: a button's
("Save changes"), a form field's ("Email address"), a unit's (``seat``)."""

from __future__ import annotations

from synthworld.schema._draw import below, choice
from synthworld.schema._name_rules import Fill
from synthworld.schema._nodes import State

__all__ = [
    "FIELD_LABELS",
    "UI_LABELS",
    "UNITS",
    "article_title",
    "creative_title",
    "document_title",
    "project_name",
    "recipe_title",
    "song_title",
    "sprint_name",
    "subject_line",
    "task_title",
]

_ADJECTIVES = (
    "Silent", "Hidden", "Last", "Lost", "Golden", "Broken", "Secret", "Midnight", "Crimson", "Distant",
    "Quiet", "Wild", "Burning", "Forgotten", "Endless", "Northern", "Paper", "Glass", "Winter", "Hollow",
)  # fmt: skip
_NOUNS = (
    "Garden", "River", "Kingdom", "Shadow", "Road", "Promise", "Harbor", "Echo", "Storm", "House",
    "Letter", "Island", "Sky", "Orchard", "Lighthouse", "Forest", "City", "Door", "Crown", "Tide",
)  # fmt: skip
_ABSTRACT = (
    "Time", "Ashes", "Stars", "Memory", "Silence", "Fire", "Light", "Dreams", "Salt", "Shadows",
    "Tomorrow", "Summer", "Bones", "Thunder", "Small Things", "Distant Shores",
)  # fmt: skip
_SONG_PHRASES = (
    "Hold On", "Come Back Home", "Stay Tonight", "Dancing in the Rain", "Run Away", "Only You",
    "Fade Into You", "Heart on Fire", "Take Me Higher", "Never Let Go", "Golden Hour", "Ocean Eyes",
    "Back to You", "Wildflower", "Midnight Drive", "Falling Slowly",
)  # fmt: skip


def creative_title(st: State) -> str:
    """A book's, a film's or a show's title: "The Silent Harbor", "A Garden of Stars"."""
    form = below(st.rng, 4)
    if form == 0:
        return f"The {choice(st.rng, _ADJECTIVES)} {choice(st.rng, _NOUNS)}"
    if form == 1:
        return f"The {choice(st.rng, _NOUNS)} of {choice(st.rng, _ABSTRACT)}"
    if form == 2:
        return f"A {choice(st.rng, _NOUNS)} of {choice(st.rng, _ABSTRACT)}"
    return f"{choice(st.rng, _ADJECTIVES)} {choice(st.rng, _NOUNS)}"


def song_title(st: State) -> str:
    """A song's or an album's title: "Midnight Drive", "Golden River"."""
    if st.rng.random() < 0.5:
        return choice(st.rng, _SONG_PHRASES)
    return f"{choice(st.rng, _ADJECTIVES)} {choice(st.rng, _NOUNS)}"


_HOW_TO = (
    "Brew Better Coffee", "Write Better Emails", "Run a Remote Meeting", "Grow Tomatoes Indoors",
    "Save for Retirement", "Learn a New Language", "Cut Your Cloud Bill", "Train for a 10K",
    "Plan a Product Launch", "Onboard New Engineers", "Start a Podcast", "Negotiate a Raise",
)  # fmt: skip
_TOPICS = (
    "Remote Work", "Machine Learning", "Home Gardening", "Personal Finance", "Urban Cycling",
    "Sourdough Baking", "Open Source", "Public Speaking", "Small Business Marketing", "Electric Cars",
    "Data Privacy", "Sleep",
)  # fmt: skip


def article_title(st: State) -> str:
    """An article's, a post's or a talk's title: "How to Brew Better Coffee"."""
    form = below(st.rng, 5)
    if form == 0:
        return f"How to {choice(st.rng, _HOW_TO)}"
    if form == 1:
        return f"{3 + below(st.rng, 8)} Ways to {choice(st.rng, _HOW_TO)}"
    topic = choice(st.rng, _TOPICS)
    return (f"A Beginner's Guide to {topic}", f"Why {topic} Matters", f"The Future of {topic}")[form - 2]


_FLAVOURS = ("Lemon Garlic", "Spicy", "Creamy", "Honey Glazed", "Smoky", "Herb Roasted", "Crispy", "Maple")
_MAINS = ("Chicken", "Salmon", "Tofu", "Black Bean", "Mushroom", "Sweet Potato", "Shrimp", "Chickpea")
_DISHES = ("Tacos", "Soup", "Stir-Fry", "Salad", "Curry", "Pasta", "Bowl", "Skewers")


def recipe_title(st: State) -> str:
    """A recipe's title: "Lemon Garlic Chicken Skewers"."""
    return f"{choice(st.rng, _FLAVOURS)} {choice(st.rng, _MAINS)} {choice(st.rng, _DISHES)}"


_TASK_VERBS = (
    "Update", "Review", "Draft", "Fix", "Prepare", "Schedule", "Test", "Document", "Plan", "Finalize",
    "Clean up", "Set up", "Write", "Share",
)  # fmt: skip
_TASK_OBJECTS = (
    "the onboarding guide", "the Q3 budget", "release notes", "the login flow", "the API documentation",
    "the customer survey", "the team offsite", "database backups", "the pricing page", "the hiring plan",
    "the quarterly report", "the CI pipeline", "the launch checklist", "the design mockups",
)  # fmt: skip


def task_title(st: State) -> str:
    """A task's or a to-do's title: "Review the Q3 budget"."""
    return f"{choice(st.rng, _TASK_VERBS)} {choice(st.rng, _TASK_OBJECTS)}"


_AREAS = (
    "Website", "Mobile App", "Checkout", "Onboarding", "Data Platform", "Brand", "Customer Portal",
    "Billing", "Search", "Help Center",
)  # fmt: skip
_INITIATIVES = ("Redesign", "Migration", "Launch", "Refresh", "Rollout", "Overhaul", "Revamp", "Expansion")


def project_name(st: State) -> str:
    """A project's or a campaign's name: "Website Redesign"."""
    return f"{choice(st.rng, _AREAS)} {choice(st.rng, _INITIATIVES)}"


def sprint_name(st: State) -> str:
    """A sprint's name: "Sprint 14"."""
    return f"Sprint {1 + below(st.rng, 40)}"


_DOC_TOPICS = (
    "Q3 Sales", "Onboarding", "Product Roadmap", "Marketing", "Team Offsite", "Security Review",
    "Customer Feedback", "Budget", "Hiring", "Release", "Weekly Metrics", "Support",
)  # fmt: skip
_DOC_KINDS = ("Report", "Notes", "Checklist", "Plan", "Overview", "Summary", "Guidelines")
_OWN_KINDS = {
    "report": "Report", "dashboard": "Dashboard", "survey": "Survey", "template": "Template",
    "form": "Form", "note": "Notes", "meeting": "Meeting", "checklist": "Checklist",
}  # fmt: skip


def document_title(kind: str) -> Fill:
    """A document's title, in its kind's word when it has one ("Q3 Sales Report" for a report)."""
    own = _OWN_KINDS.get(kind)

    def fill(st: State) -> str:
        return f"{choice(st.rng, _DOC_TOPICS)} {own or choice(st.rng, _DOC_KINDS)}"

    return fill


def subject_line(st: State) -> str:
    """An email's or a message's subject: "Re: Q3 Sales Report", "Question about Budget"."""
    topic = choice(st.rng, _DOC_TOPICS)
    form = below(st.rng, 4)
    if form == 0:
        return f"Re: {topic} {choice(st.rng, _DOC_KINDS)}"
    if form == 1:
        return f"Question about {topic}"
    if form == 2:
        return f"Follow-up: {topic} {choice(st.rng, _DOC_KINDS)}"
    return f"{topic} {choice(st.rng, _DOC_KINDS)}"


UI_LABELS = (
    "Save changes", "Cancel", "Submit", "Learn more", "Sign in", "Continue", "Delete", "Edit",
    "View details", "Add to cart", "Back", "Next", "Download", "Share", "Get started", "Settings",
)  # fmt: skip
"""A button's, a link's, a menu item's or a tab's label."""
FIELD_LABELS = (
    "Email address", "First name", "Last name", "Phone number", "Company", "Password", "Street address",
    "City", "Postal code", "Date of birth", "Job title", "Message",
)  # fmt: skip
"""A form field's label."""
UNITS = ("seat", "user", "hour", "GB", "license", "request", "minute", "unit", "item", "device", "month")
"""What a price counts (Stripe's ``unit_label``)."""
