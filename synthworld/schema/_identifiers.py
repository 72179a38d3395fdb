"""Identifiers of telecom, trade, science and the internet whose shape a field's name gives, built
as their standards write them, check digits included.

An ``imei`` is a type allocation code, a serial and the Luhn digit (3GPP TS 23.003); an ``iccid``
``89``, a country, an issuer and the Luhn digit (ITU-T E.118); an ``msisdn`` a number in the
ranges regulators keep for fiction (Ofcom's 07700 900xxx, NANP's 555-01xx); a ``dea_number`` the
DEA's two letters, six digits and check digit; a ``gtin`` GS1's check digit; a ``lei`` ISO 17442's
mod-97 pair; an ``orcid`` ISO 7064 MOD 11-2; a ``container_number`` ISO 6346's owner, category and
check digit; an ``imo`` number its weighted check digit; an ``eori`` and an EU customs ``mrn``
their country; an ``hs_code`` a common heading. Without these the names drew one lorem word
(``imei: "sister"``, ``hs_code: "investment"``).
"""

from __future__ import annotations

import base64
import string
from functools import lru_cache

from synthworld.schema import _name_rules
from synthworld.schema._draw import below, choice, text
from synthworld.schema._name_rules import Fill
from synthworld.schema._name_rules import pool as _pool
from synthworld.schema._nodes import State

__all__ = ["by_name", "gtin", "luhn_digit"]

_HEX = "0123456789abcdef"
_UPPER = string.ascii_uppercase
_ALNUM_UP = _UPPER + string.digits


def _digits(st: State, size: int) -> str:
    return text(st.rng, string.digits, size)


def luhn_digit(payload: str) -> str:
    """The Luhn check digit of the digits `payload` (doubling from the rightmost)."""
    total = 0
    for i, ch in enumerate(reversed(payload)):
        d = int(ch) * (2 if i % 2 == 0 else 1)
        total += d - 9 if d > 9 else d
    return str(-total % 10)


_TACS = ("35332509", "35391806", "35875207", "35290611", "86753103", "35467108", "01332700", "35925406")
"""Type allocation codes of common handsets (the first eight digits of an IMEI)."""


def _imei(st: State) -> str:
    body = choice(st.rng, _TACS) + _digits(st, 6)
    return body + luhn_digit(body)


def _iccid(st: State) -> str:
    """A SIM's ICCID: ``89`` (telecom), a country calling code, an issuer, an account, the Luhn digit."""
    body = "89" + choice(st.rng, ("1", "44", "49", "33", "31", "34")) + _digits(st, 2)
    body += _digits(st, 18 - len(body))
    return body + luhn_digit(body)


def _msisdn(st: State) -> str:
    """A mobile number in E.164 digits, from the ranges kept for drama (Ofcom, NANP)."""
    if st.rng.random() < 0.5:
        return "447700900" + _digits(st, 3)
    return f"1{choice(st.rng, ('212', '312', '415', '617', '202', '303'))}55501{_digits(st, 2)}"


def _dea(st: State) -> str:
    """A DEA registration: registrant type, the registrant's initial, six digits, check digit."""
    head = choice(st.rng, "ABFM") + choice(st.rng, _UPPER)
    d = [int(c) for c in _digits(st, 6)]
    check = (d[0] + d[2] + d[4] + 2 * (d[1] + d[3] + d[5])) % 10
    return head + "".join(map(str, d)) + str(check)


def gtin(st: State, size: int = 13) -> str:
    """A GTIN of `size` digits with its GS1 check digit (an EAN-13, a UPC-A of 12, a GTIN-14)."""
    body = choice(st.rng, "123456789") + _digits(st, size - 2)
    total = sum(int(c) * (3 if i % 2 == 0 else 1) for i, c in enumerate(reversed(body)))
    return body + str(-total % 10)


def _lei(st: State) -> str:
    """An ISO 17442 LEI: a four-character issuer prefix, ``00``, twelve characters, two check digits."""
    body = choice(st.rng, ("5493", "2138", "5299", "9695", "8945")) + "00" + text(st.rng, _ALNUM_UP, 12)
    number = int("".join(str(int(c, 36)) for c in body + "00"))
    return f"{body}{98 - number % 97:02}"


def _orcid(st: State) -> str:
    """An ORCID iD: fifteen digits and the ISO 7064 MOD 11-2 check character."""
    digits, total = "000" + choice(st.rng, "0123") + _digits(st, 11), 0
    for c in digits:
        total = (total + int(c)) * 2
    check = (12 - total % 11) % 11
    whole = digits + ("X" if check == 10 else str(check))
    return "-".join(whole[i : i + 4] for i in range(0, 16, 4))


_OWNERS = ("MSCU", "MAEU", "CMAU", "HLXU", "OOLU", "EGHU", "TGHU", "TCLU", "CSNU", "MRKU")
"""Owner codes of container lines and lessors (BIC register), with the ``U`` of freight containers."""
_ISO6346 = dict(zip(_UPPER, [n for n in range(10, 39) if n % 11], strict=True))


def _container(st: State) -> str:
    body = choice(st.rng, _OWNERS) + _digits(st, 6)
    values = [int(c) if c.isdigit() else _ISO6346[c] for c in body]
    return body + str(sum(v * 2**i for i, v in enumerate(values)) % 11 % 10)


def _imo(st: State) -> str:
    """An IMO ship number: six digits and their weighted check digit (SOLAS XI-1/3)."""
    body = "9" + _digits(st, 5)
    return body + str(sum(int(c) * w for c, w in zip(body, range(7, 1, -1), strict=True)) % 10)


def _eori(st: State) -> str:
    if st.rng.random() < 0.5:  # a British one: GB, the VAT number, 000
        return f"GB{choice(st.rng, '123456789')}{_digits(st, 8)}000"
    return choice(st.rng, ("DE", "NL", "FR", "BE", "IE", "ES")) + choice(st.rng, "123456789") + _digits(st, 9)


def _mrn(st: State) -> str:
    """An EU customs movement reference number: year, country, thirteen characters, a check letter."""
    year = st.now.year % 100
    country = choice(st.rng, ("DE", "NL", "FR", "BE", "IE", "ES", "IT"))
    return f"{year:02}{country}{text(st.rng, _ALNUM_UP, 13)}{choice(st.rng, _UPPER)}"


_HS = (
    "8471.30", "8517.13", "6109.10", "9503.00", "8703.23", "3004.90", "6403.99", "8528.72", "0901.21",
    "2204.21", "4202.92", "8504.40", "9403.60", "3926.90", "8708.99",
)  # fmt: skip
"""Common Harmonized System subheadings (WCO): laptops, phones, T-shirts, toys, cars, medicines..."""


def _doi(st: State) -> str:
    prefix = choice(st.rng, ("10.1038", "10.1016", "10.1126", "10.1371", "10.1093", "10.1101"))
    return (
        f"{prefix}/{text(st.rng, string.ascii_lowercase, 1)}{_digits(st, 5)}-{st.now.year - below(st.rng, 8)}"
    )


def _sha256_colons(st: State) -> str:
    return ":".join(text(st.rng, "0123456789ABCDEF", 2) for _ in range(32))


def _integrity(st: State) -> str:
    """A Subresource Integrity value, as npm's lockfiles keep them (``sha512-`` and 64 bytes in base64)."""
    raw = bytes(below(st.rng, 256) for _ in range(64))
    return "sha512-" + base64.b64encode(raw).decode()


def _accession(st: State) -> str:
    """A sequence read archive's accession (NCBI SRA runs, BioSamples)."""
    if st.rng.random() < 0.6:
        return choice(st.rng, ("SRR", "ERR", "DRR")) + choice(st.rng, "12") + _digits(st, 7)
    return "SAMN" + choice(st.rng, "123") + _digits(st, 7)


def _flowcell(st: State) -> str:
    """An Illumina flow cell id (``HK3JWDSX3`` for a NovaSeq S4, ``000000000-A1B2C`` for a MiSeq)."""
    if st.rng.random() < 0.7:
        return (
            "H" + text(st.rng, _ALNUM_UP, 4) + choice(st.rng, ("DSX", "BBX", "AFX")) + choice(st.rng, "2357")
        )
    return "000000000-" + text(st.rng, _ALNUM_UP, 5)


def _chromosome(st: State) -> str:
    return "chr" + choice(st.rng, (*map(str, range(1, 23)), "X", "Y"))


_GENES = (
    "BRCA1", "BRCA2", "TP53", "EGFR", "KRAS", "CFTR", "APOE", "MTHFR", "BRAF", "PIK3CA", "LDLR", "HBB",
    "PTEN", "MYH7", "TTN", "CYP2D6", "HLA-B", "SCN5A",
)  # fmt: skip
"""HGNC symbols of much-studied genes."""
_ORGANISMS = (
    "Homo sapiens", "Homo sapiens", "Mus musculus", "Escherichia coli", "Saccharomyces cerevisiae",
    "Arabidopsis thaliana", "Danio rerio", "Drosophila melanogaster", "SARS-CoV-2",
)  # fmt: skip
_SPDX = (
    "MIT", "MIT", "MIT", "Apache-2.0", "Apache-2.0", "ISC", "BSD-3-Clause", "BSD-2-Clause", "GPL-3.0-only",
    "MPL-2.0", "LGPL-2.1-only", "Unlicense",
)  # fmt: skip
"""SPDX licence identifiers, the commonest on package registries oftener."""
_LOCODES = (
    "NLRTM", "DEHAM", "CNSHA", "SGSIN", "USLAX", "USNYC", "BEANR", "GBFXT", "KRPUS", "AEJEA", "HKHKG",
    "JPTYO", "ESVLC", "ITGOA", "CNNGB",
)  # fmt: skip
"""UN/LOCODEs of large container ports."""
_RRULES = (
    "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "FREQ=DAILY", "FREQ=WEEKLY;BYDAY=SA,SU", "FREQ=MONTHLY;BYMONTHDAY=1",
    "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO", "FREQ=WEEKLY;BYDAY=TU,TH", "FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=1",
)  # fmt: skip
"""Recurrence rules as RFC 5545 writes them."""
_REGISTRARS = (
    "GoDaddy.com, LLC", "Namecheap, Inc.", "Cloudflare, Inc.", "Tucows Domains Inc.", "Gandi SAS",
    "MarkMonitor Inc.", "Squarespace Domains LLC", "Porkbun LLC",
)  # fmt: skip
_NETWORKS = (
    "CLOUDFLARENET", "GOOGLE", "AMAZON-02", "COMCAST-7922", "HETZNER-AS", "OVH", "LEVEL3", "AKAMAI-AS",
    "FASTLY", "DTAG",
)  # fmt: skip
"""Autonomous systems' names as registries list them."""


def _dewey(st: State) -> str:
    """A library call number (Dewey: class, decimals, the author's first letters)."""
    return f"{100 + below(st.rng, 900)}.{_digits(st, 1 + below(st.rng, 3))} {text(st.rng, _UPPER, 3)}"


def _rsid(st: State) -> str:
    return f"rs{choice(st.rng, '123456789')}{_digits(st, 3 + below(st.rng, 6))}"


def _microchip(st: State) -> str:
    """An ISO 11784 pet microchip: a manufacturer's code and twelve digits."""
    return choice(st.rng, ("985", "900", "981")) + _digits(st, 12)


def _month(st: State) -> str:
    """A month gone by, within the last year (``2024-11``)."""
    index = st.now.year * 12 + st.now.month - 2 - below(st.rng, 12)
    return f"{index // 12:04}-{index % 12 + 1:02}"


_RULES = _name_rules.named(
    (
        (r"(^|_)imei(_?[12]|_number)?$", _imei),
        (r"(^|_)iccid$|^sim_(serial|number)$", _iccid),
        (r"(^|_)msisdn$|^(calling|called|caller|callee|originating|terminating)_(number|msisdn|party)$",
         _msisdn),
        (r"(^|_)dea(_registration)?_(number|no)$|^dea$", _dea),
        (r"(^|_)(gtin|ean)(_?1[34])?$|^(item_|product_)?barcode$", gtin),
        (r"(^|_)upc(_a)?$", lambda st: gtin(st, 12)),
        (r"(^|_)lei(_code)?$", _lei),
        (r"(^|_)orcid(_id)?$", _orcid),
        (r"(^|_)doi$", _doi),
        (r"(^|_)(shipping_)?container_(number|no)$|^cntr(_no|_number)?$", _container),
        (r"(^|_)imo(_number|_no)?$", _imo),
        (r"(^|_)eori(_number|_no)?$", _eori),
        (r"^(declaration|customs|movement_reference)_(mrn|number)$|^movement_reference_number$", _mrn),
        (r"(^|_)(hs|hts|tariff|commodity)_code$", _pool(*_HS)),
        (r"(^|_)(sha256_fingerprint|fingerprint_sha256|cert(ificate)?_fingerprint)$", _sha256_colons),
        (r"(^|_)integrity$|^(sri|subresource_integrity)$", _integrity),
        (r"(^|_)(image|manifest|layer|content)_digest$", lambda st: "sha256:" + text(st.rng, _HEX, 64)),
        (r"^(sample|run|sra|biosample|experiment)_accession$|^sra(_id)?$", _accession),
        (r"^flow_?cell(_id)?$", _flowcell),
        (r"^rs_?id$|^(db)?snp_id$", _rsid),
        (r"^(chromosome|chrom|chr)$", _chromosome),
        (r"^(ref|alt|reference|alternate)_allele$", _pool("A", "C", "G", "T")),
        (r"^(gene|gene_symbol|hgnc_symbol)$", _pool(*_GENES)),
        (r"^(organism|scientific_name|taxon(_name)?)$", _pool(*_ORGANISMS)),
        (r"^(license|licence)(_spdx|_id|_identifier|_spdx_id)?$|^spdx(_id|_license)?$|_spdx$", _pool(*_SPDX)),
        (r"^(port_of_(loading|discharge|entry)|(loading|discharge)_port|un_?locode|locode)$",
         _pool(*_LOCODES)),
        (r"^(rrule|recurrence_rule|repeat_rule)$", _pool(*_RRULES)),
        (r"^registrar(_name)?$", _pool(*_REGISTRARS)),
        (r"^(as|asn)_(name|org)$", _pool(*_NETWORKS)),
        (r"(^|_)ein$", lambda st: f"{choice(st.rng, '123456789')}{_digits(st, 1)}-{_digits(st, 7)}"),
        (r"^(call_number|shelf_mark|classmark)$", _dewey),
        (r"^(patron|library)_card(_number|_no)?$", lambda st: "2" + _digits(st, 13)),  # Codabar patron
        (r"(^|_)micro_?chip(_number|_id|_no)?$", _microchip),
        (r"^(invoice|billing|bill|statement|usage)_month$", _month),
        (r"^(bar|bar_admission)_(number|no)$", lambda st: choice(st.rng, "123") + _digits(st, 5)),
    )
)  # fmt: skip


@lru_cache(maxsize=4096)
def by_name(name: str) -> Fill | None:
    """The fill of an identifier the snake_case ``name`` alone asks for, or None."""
    return _name_rules.by_name(_RULES, name)
