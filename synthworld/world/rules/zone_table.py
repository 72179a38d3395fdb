"""The time zones of each country (ISO 3166 alpha-2 code -> IANA zones, the main one first), made
once from Faker 40.63.0's country table (``faker.providers.date_time.Provider.countries``),
keeping the zones this Python's zoneinfo knows, and kept here so a world neither imports Faker at
its first call nor changes with a Faker release."""

from __future__ import annotations

__all__ = ["ZONES"]

_TABLE = {
    "AD": "Europe/Andorra", "AE": "Asia/Dubai", "AF": "Asia/Kabul", "AG": "America/Antigua",
    "AL": "Europe/Tirane", "AM": "Asia/Yerevan", "AO": "Africa/Luanda", "AT": "Europe/Vienna",
    "AZ": "Asia/Baku", "BA": "Europe/Sarajevo", "BB": "America/Barbados", "BD": "Asia/Dhaka",
    "BE": "Europe/Brussels", "BF": "Africa/Ouagadougou", "BG": "Europe/Sofia", "BH": "Asia/Bahrain",
    "BI": "Africa/Bujumbura", "BJ": "Africa/Porto-Novo", "BN": "Asia/Brunei", "BO": "America/La_Paz",
    "BS": "America/Nassau", "BT": "Asia/Thimphu", "BW": "Africa/Gaborone", "BY": "Europe/Minsk",
    "BZ": "America/Belize", "CD": "Africa/Kinshasa Africa/Lubumbashi", "CF": "Africa/Bangui",
    "CG": "Africa/Brazzaville", "CH": "Europe/Zurich", "CI": "Africa/Abidjan",
    "CL": "America/Santiago Pacific/Easter", "CM": "Africa/Douala",
    "CN": "Asia/Shanghai Asia/Harbin Asia/Chongqing Asia/Urumqi Asia/Kashgar", "CO": "America/Bogota",
    "CR": "America/Costa_Rica", "CU": "America/Havana", "CV": "Atlantic/Cape_Verde", "CY": "Asia/Nicosia",
    "CZ": "Europe/Prague", "DE": "Europe/Berlin", "DJ": "Africa/Djibouti", "DK": "Europe/Copenhagen",
    "DM": "America/Dominica", "DO": "America/Santo_Domingo", "DZ": "Africa/Algiers",
    "EC": "America/Guayaquil Pacific/Galapagos", "EE": "Europe/Tallinn", "EG": "Africa/Cairo",
    "ER": "Africa/Asmera", "ES": "Europe/Madrid Africa/Ceuta Atlantic/Canary", "ET": "Africa/Addis_Ababa",
    "FI": "Europe/Helsinki", "FJ": "Pacific/Fiji", "FM": "Pacific/Truk Pacific/Ponape Pacific/Kosrae",
    "FR": "Europe/Paris", "GA": "Africa/Libreville", "GB": "Europe/London", "GD": "America/Grenada",
    "GE": "Asia/Tbilisi", "GH": "Africa/Accra", "GM": "Africa/Banjul", "GN": "Africa/Conakry",
    "GQ": "Africa/Malabo", "GR": "Europe/Athens", "GT": "America/Guatemala", "GW": "Africa/Bissau",
    "GY": "America/Guyana", "HN": "America/Tegucigalpa", "HR": "Europe/Zagreb", "HT": "America/Guatemala",
    "HU": "Europe/Budapest", "ID": "Asia/Jakarta Asia/Pontianak Asia/Makassar Asia/Jayapura",
    "IE": "Europe/Dublin", "IL": "Asia/Jerusalem", "IN": "Asia/Kolkata", "IQ": "Asia/Baghdad",
    "IR": "Asia/Tehran", "IS": "Atlantic/Reykjavik", "IT": "Europe/Rome", "JM": "America/Jamaica",
    "JO": "Asia/Amman", "JP": "Asia/Tokyo", "KE": "Africa/Nairobi", "KG": "Asia/Bishkek",
    "KH": "Asia/Phnom_Penh", "KI": "Pacific/Tarawa Pacific/Kanton Pacific/Kiritimati",
    "KM": "Indian/Comoro", "KN": "America/St_Kitts", "KP": "Asia/Pyongyang", "KR": "Asia/Seoul",
    "KW": "Asia/Kuwait", "KZ": "Asia/Almaty Asia/Qyzylorda Asia/Aqtobe Asia/Aqtau Asia/Oral",
    "LA": "Asia/Vientiane", "LB": "Asia/Beirut", "LC": "America/St_Lucia", "LI": "Europe/Vaduz",
    "LK": "Asia/Colombo", "LR": "Africa/Monrovia", "LS": "Africa/Maseru", "LT": "Europe/Vilnius",
    "LU": "Europe/Luxembourg", "LV": "Europe/Riga", "LY": "Africa/Tripoli", "MA": "Africa/Casablanca",
    "MC": "Europe/Monaco", "MD": "Europe/Chisinau", "ME": "Europe/Podgorica", "MG": "Indian/Antananarivo",
    "MH": "Pacific/Majuro Pacific/Kwajalein", "MK": "Europe/Skopje", "ML": "Africa/Bamako",
    "MM": "Asia/Yangon", "MN": "Asia/Ulaanbaatar Asia/Hovd Asia/Choibalsan", "MR": "Africa/Nouakchott",
    "MT": "Europe/Malta", "MU": "Indian/Mauritius", "MV": "Indian/Maldives", "MW": "Africa/Blantyre",
    "MY": "Asia/Kuala_Lumpur Asia/Kuching", "MZ": "Africa/Maputo", "NA": "Africa/Windhoek",
    "NE": "Africa/Niamey", "NG": "Africa/Lagos", "NI": "America/Managua", "NL": "Europe/Amsterdam",
    "NO": "Europe/Oslo", "NP": "Asia/Kathmandu", "NR": "Pacific/Nauru",
    "NZ": "Pacific/Auckland Pacific/Chatham", "OM": "Asia/Muscat", "PA": "America/Panama",
    "PE": "America/Lima", "PG": "Pacific/Port_Moresby", "PH": "Asia/Manila", "PK": "Asia/Karachi",
    "PL": "Europe/Warsaw", "PS": "Asia/Gaza Asia/Hebron",
    "PT": "Europe/Lisbon Atlantic/Madeira Atlantic/Azores", "PW": "Pacific/Palau",
    "PY": "America/Asuncion", "QA": "Asia/Qatar", "RO": "Europe/Bucharest", "RS": "Europe/Belgrade",
    "RW": "Africa/Kigali", "SA": "Asia/Riyadh", "SB": "Pacific/Guadalcanal", "SC": "Indian/Mahe",
    "SD": "Africa/Khartoum", "SE": "Europe/Stockholm", "SG": "Asia/Singapore", "SI": "Europe/Ljubljana",
    "SK": "Europe/Bratislava", "SL": "Africa/Freetown", "SM": "Europe/San_Marino", "SN": "Africa/Dakar",
    "SO": "Africa/Mogadishu", "SR": "America/Paramaribo", "ST": "Africa/Sao_Tome",
    "SV": "America/El_Salvador", "SY": "Asia/Damascus", "SZ": "Africa/Mbabane", "TD": "Africa/Ndjamena",
    "TG": "Africa/Lome", "TH": "Asia/Bangkok", "TJ": "Asia/Dushanbe", "TL": "Asia/Dili",
    "TM": "Asia/Ashgabat", "TN": "Africa/Tunis", "TO": "Pacific/Tongatapu", "TR": "Europe/Istanbul",
    "TT": "America/Port_of_Spain", "TV": "Pacific/Funafuti", "TW": "Asia/Taipei",
    "TZ": "Africa/Dar_es_Salaam", "UA": "Europe/Kyiv Europe/Uzhgorod Europe/Zaporozhye Europe/Simferopol",
    "UG": "Africa/Kampala", "UY": "America/Montevideo", "UZ": "Asia/Samarkand Asia/Tashkent",
    "VA": "Europe/Vatican", "VC": "America/St_Vincent", "VE": "America/Caracas", "VN": "Asia/Ho_Chi_Minh",
    "VU": "Pacific/Efate", "WS": "Pacific/Apia", "YE": "Asia/Aden", "ZA": "Africa/Johannesburg",
    "ZM": "Africa/Lusaka", "ZW": "Africa/Harare",
    "AR": (
        "America/Argentina/Buenos_Aires America/Argentina/Cordoba America/Argentina/Jujuy "
        "America/Argentina/Tucuman America/Argentina/Catamarca America/Argentina/La_Rioja "
        "America/Argentina/San_Juan America/Argentina/Mendoza America/Argentina/Rio_Gallegos "
        "America/Argentina/Ushuaia"
    ),
    "AU": (
        "Australia/Lord_Howe Australia/Hobart Australia/Currie Australia/Melbourne Australia/Sydney "
        "Australia/Broken_Hill Australia/Brisbane Australia/Lindeman Australia/Adelaide Australia/Darwin "
        "Australia/Perth"
    ),
    "BR": (
        "America/Noronha America/Belem America/Fortaleza America/Recife America/Araguaina America/Maceio "
        "America/Bahia America/Sao_Paulo America/Campo_Grande America/Cuiaba America/Porto_Velho "
        "America/Boa_Vista America/Manaus America/Eirunepe America/Rio_Branco"
    ),
    "CA": (
        "America/St_Johns America/Halifax America/Glace_Bay America/Moncton America/Goose_Bay "
        "America/Blanc-Sablon America/Montreal America/Toronto America/Nipigon America/Thunder_Bay "
        "America/Pangnirtung America/Iqaluit America/Atikokan America/Rankin_Inlet America/Winnipeg "
        "America/Rainy_River America/Cambridge_Bay America/Regina America/Swift_Current America/Edmonton "
        "America/Yellowknife America/Inuvik America/Dawson_Creek America/Vancouver America/Whitehorse "
        "America/Dawson"
    ),
    "MX": (
        "America/Mexico_City America/Cancun America/Merida America/Monterrey America/Mazatlan "
        "America/Chihuahua America/Hermosillo America/Tijuana"
    ),
    "RU": (
        "Europe/Kaliningrad Europe/Moscow Europe/Volgograd Europe/Samara Asia/Yekaterinburg Asia/Omsk "
        "Asia/Novosibirsk Asia/Krasnoyarsk Asia/Irkutsk Asia/Yakutsk Asia/Vladivostok Asia/Sakhalin "
        "Asia/Magadan Asia/Kamchatka Asia/Anadyr"
    ),
    "US": (
        "America/New_York America/Detroit America/Kentucky/Louisville America/Kentucky/Monticello "
        "America/Indiana/Indianapolis America/Indiana/Marengo America/Indiana/Knox America/Indiana/Vevay "
        "America/Chicago America/Indiana/Vincennes America/Indiana/Petersburg America/Menominee "
        "America/North_Dakota/Center America/North_Dakota/New_Salem America/Denver America/Boise "
        "America/Shiprock America/Phoenix America/Los_Angeles America/Anchorage America/Juneau "
        "America/Yakutat America/Nome America/Adak Pacific/Honolulu"
    ),
}  # fmt: skip
ZONES: dict[str, tuple[str, ...]] = {code: tuple(zones.split()) for code, zones in _TABLE.items()}
