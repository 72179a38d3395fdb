"""The pool of coherent places the address rule draws from: 12 per locale, made once by Faker
(seed ``20250101:<locale>``, Faker 40.63) and kept here, so worlds neither pay Faker's start-up
(~0.2 s for ten locales) at their first call nor change with a Faker release, nor between
processes (Faker's Italian cities depend on ``PYTHONHASHSEED``). Each row:
``(city, postcode, country, country_code, state, state_code)``. ``python -m
synthworld.world.rules.place_table`` prints the rows the installed Faker makes.
"""

from __future__ import annotations

__all__ = ["PLACES"]

PLACES: tuple[tuple[str, str, str, str, str, str], ...] = (
    ("Maryside", "96026", "United States", "US", "California", "CA"),
    ("Rochaland", "99566", "United States", "US", "Alaska", "AK"),
    ("Lake John", "06367", "United States", "US", "Connecticut", "CT"),
    ("Garrettview", "04596", "United States", "US", "Maine", "ME"),
    ("Lambtown", "61246", "United States", "US", "Illinois", "IL"),
    ("South Walter", "54152", "United States", "US", "Wisconsin", "WI"),
    ("Port Amber", "20018", "United States", "US", "District of Columbia", "DC"),
    ("Kurtbury", "72888", "United States", "US", "Arkansas", "AR"),
    ("East William", "58046", "United States", "US", "North Dakota", "ND"),
    ("Nortonchester", "36395", "United States", "US", "Alabama", "AL"),
    ("East Jennifer", "99919", "United States", "US", "Alaska", "AK"),
    ("Michelleport", "93698", "United States", "US", "California", "CA"),
    ("West Marc", "S9K 0XZ", "United Kingdom", "GB", "Fife", ""),
    ("South Michael", "JE15 6QT", "United Kingdom", "GB", "Caernarvonshire", ""),
    ("Dorothyfurt", "L40 9DW", "United Kingdom", "GB", "Moray", ""),
    ("New Alanberg", "B3U 9PD", "United Kingdom", "GB", "Derbyshire", ""),
    ("East Kathryn", "RH5 4BS", "United Kingdom", "GB", "Nottinghamshire", ""),
    ("Bretthaven", "PR0 6DZ", "United Kingdom", "GB", "Monmouthshire", ""),
    ("North Rita", "HS36 8UG", "United Kingdom", "GB", "Leicestershire", ""),
    ("West Robin", "HG5 1XS", "United Kingdom", "GB", "South Yorkshire", ""),
    ("Katherineside", "W7 1XN", "United Kingdom", "GB", "West Yorkshire", ""),
    ("New Katiefurt", "NR2 1HW", "United Kingdom", "GB", "Renfrewshire", ""),
    ("Russellview", "G91 5WX", "United Kingdom", "GB", "Scottish Borders", ""),
    ("New Howardborough", "GY2 6DS", "United Kingdom", "GB", "Breconshire", ""),
    ("Crailsheim", "34090", "Germany", "DE", "Berlin", ""),
    ("Bad Kreuznach", "73232", "Germany", "DE", "Berlin", ""),
    ("Saarbrücken", "02608", "Germany", "DE", "Rheinland-Pfalz", ""),
    ("Gotha", "04220", "Germany", "DE", "Sachsen-Anhalt", ""),
    ("Viersen", "65479", "Germany", "DE", "Baden-Württemberg", ""),
    ("Schrobenhausen", "09733", "Germany", "DE", "Sachsen-Anhalt", ""),
    ("Wolmirstedt", "51681", "Germany", "DE", "Bremen", ""),
    ("Mallersdorf", "50056", "Germany", "DE", "Saarland", ""),
    ("Calw", "21960", "Germany", "DE", "Bremen", ""),
    ("Herzberg", "54652", "Germany", "DE", "Rheinland-Pfalz", ""),
    ("Seelow", "56961", "Germany", "DE", "Hamburg", ""),
    ("Duderstadt", "48643", "Germany", "DE", "Mecklenburg-Vorpommern", ""),
    ("Saint Eugènedan", "51292", "France", "FR", "Province-Alpes-Côte d'Azur", ""),
    ("RollandVille", "34327", "France", "FR", "Guadeloupe", ""),
    ("Guillet", "18247", "France", "FR", "Midi-Pyrénées", ""),
    ("Normand", "16419", "France", "FR", "Saint-Martin", ""),
    ("Antoine-sur-Bourgeois", "39356", "France", "FR", "Martinique", ""),
    ("Roussel-sur-Mer", "22186", "France", "FR", "Midi-Pyrénées", ""),
    ("Sainte Luc-la-Forêt", "97326", "France", "FR", "Bourgogne", ""),
    ("Hardy", "58534", "France", "FR", "Pays-de-Loire", ""),
    ("Neveu", "97394", "France", "FR", "Basse-Normandie", ""),
    ("Étienneboeuf", "06134", "France", "FR", "Poitou-Charentes", ""),
    ("Saint Juliettenec", "71350", "France", "FR", "Aquitaine", ""),
    ("Vaillant", "09192", "France", "FR", "Pays-de-Loire", ""),
    ("Toledo", "51768", "Spain", "ES", "Córdoba", ""),
    ("Melilla", "30834", "Spain", "ES", "Valladolid", ""),
    ("La Coruña", "50825", "Spain", "ES", "Asturias", ""),
    ("Murcia", "01591", "Spain", "ES", "Vizcaya", ""),
    ("Castellón", "01100", "Spain", "ES", "Guipúzcoa", ""),
    ("Lugo", "20191", "Spain", "ES", "Palencia", ""),
    ("Cáceres", "36127", "Spain", "ES", "Valladolid", ""),
    ("Madrid", "18266", "Spain", "ES", "Segovia", ""),
    ("Toledo", "25814", "Spain", "ES", "Palencia", ""),
    ("Huesca", "47947", "Spain", "ES", "Zamora", ""),
    ("Asturias", "46354", "Spain", "ES", "Asturias", ""),
    ("Cuenca", "39399", "Spain", "ES", "Baleares", ""),
    ("Tressanti", "10121", "Italy", "IT", "La Spezia", ""),
    ("Cogna", "25031", "Italy", "IT", "Verona", ""),
    ("Geiselsberg", "88811", "Italy", "IT", "Rovigo", ""),
    ("Pregnana Milanese", "85053", "Italy", "IT", "Cosenza", ""),
    ("Castiglione", "41046", "Italy", "IT", "Enna", ""),
    ("Cannitello", "89043", "Italy", "IT", "Ferrara", ""),
    ("Tizzano Val Parma", "15033", "Italy", "IT", "Sondrio", ""),
    ("Fornola", "54028", "Italy", "IT", "Alessandria", ""),
    ("Nodica", "60128", "Italy", "IT", "Bari", ""),
    ("Missaglia", "89833", "Italy", "IT", "Medio Campidano", ""),
    ("Fratta Polesine", "16041", "Italy", "IT", "Firenze", ""),
    ("Gattinara", "24057", "Italy", "IT", "Napoli", ""),
    ("Westerwijtwerd", "5647NN", "Kingdom of the Netherlands", "NL", "Overijssel", ""),
    ("Kampen", "7155 KM", "Kingdom of the Netherlands", "NL", "Zeeland", ""),
    ("Moerdijk", "3812 TC", "Kingdom of the Netherlands", "NL", "Noord-Holland", ""),
    ("Bears", "6347IQ", "Kingdom of the Netherlands", "NL", "Zuid-Holland", ""),
    ("Makkum", "1696PZ", "Kingdom of the Netherlands", "NL", "Zuid-Holland", ""),
    ("Daarlerveen", "8130QA", "Kingdom of the Netherlands", "NL", "Utrecht", ""),
    ("Middenmeer", "3374AU", "Kingdom of the Netherlands", "NL", "Friesland", ""),
    ("Braamt", "6417VD", "Kingdom of the Netherlands", "NL", "Overijssel", ""),
    ("Uitgeest", "2487 EC", "Kingdom of the Netherlands", "NL", "Flevoland", ""),
    ("Bovensmilde", "9455 LT", "Kingdom of the Netherlands", "NL", "Utrecht", ""),
    ("Sint Agatha", "4239 OS", "Kingdom of the Netherlands", "NL", "Zeeland", ""),
    ("Herpt", "9258 HH", "Kingdom of the Netherlands", "NL", "Noord-Holland", ""),
    ("Port Michellemouth", "S3P 6J2", "Canada", "CA", "Yukon Territory", ""),
    ("Charlestown", "T2X4B9", "Canada", "CA", "Northwest Territories", ""),
    ("East Casey", "K8J 2T7", "Canada", "CA", "Nunavut", ""),
    ("Port Theresa", "M5E 2S7", "Canada", "CA", "Saskatchewan", ""),
    ("Leeton", "K9S 4R1", "Canada", "CA", "Manitoba", ""),
    ("Robertahaven", "L7B 3L7", "Canada", "CA", "Manitoba", ""),
    ("Lake Anthony", "N1T 7R8", "Canada", "CA", "Ontario", ""),
    ("Sarahtown", "V4N9E9", "Canada", "CA", "British Columbia", ""),
    ("North Saraview", "P7E3K3", "Canada", "CA", "Saskatchewan", ""),
    ("Lake Kimberly", "C3T 8X5", "Canada", "CA", "British Columbia", ""),
    ("New Paul", "M1B 5E1", "Canada", "CA", "Quebec", ""),
    ("South Erinfort", "E9N2X9", "Canada", "CA", "Ontario", ""),
    ("Johnport", "2084", "Australia", "AU", "Western Australia", ""),
    ("Bryantshire", "2982", "Australia", "AU", "New South Wales", ""),
    ("Lake Keithberg", "2932", "Australia", "AU", "Northern Territory", ""),
    ("South Barrystad", "2983", "Australia", "AU", "Tasmania", ""),
    ("Anthonyburgh", "2838", "Australia", "AU", "Queensland", ""),
    ("Elizabethburgh", "2677", "Australia", "AU", "Northern Territory", ""),
    ("Higginshaven", "2066", "Australia", "AU", "New South Wales", ""),
    ("South Johnbury", "2935", "Australia", "AU", "Northern Territory", ""),
    ("Michaelaland", "2419", "Australia", "AU", "Queensland", ""),
    ("New Tracichester", "4744", "Australia", "AU", "Australian Capital Territory", ""),
    ("Lisaport", "2403", "Australia", "AU", "Australian Capital Territory", ""),
    ("West Steven", "2278", "Australia", "AU", "South Australia", ""),
    ("Albufeira", "7747-305", "Portugal", "PT", "Vila Real", ""),
    ("Aveiro", "1784-728", "Portugal", "PT", "Setúbal", ""),
    ("Paços de Ferreira", "3174-881", "Portugal", "PT", "Castelo Branco", ""),
    ("Gandra", "1344-887", "Portugal", "PT", "Coimbra", ""),
    ("Loulé", "7983-715", "Portugal", "PT", "Porto", ""),
    ("Beja", "7769-878", "Portugal", "PT", "Coimbra", ""),
    ("Santarém", "6491-516", "Portugal", "PT", "Viana do Castelo", ""),
    ("Horta", "9020-805", "Portugal", "PT", "Portalegre", ""),
    ("Fafe", "5866-358", "Portugal", "PT", "Viana do Castelo", ""),
    ("Mirandela", "5562-137", "Portugal", "PT", "Vila Real", ""),
    ("Rio Maior", "8570-801", "Portugal", "PT", "Coimbra", ""),
    ("Loulé", "1487-476", "Portugal", "PT", "Vila Real", ""),
)


LOCALES = ("en_US", "en_GB", "de_DE", "fr_FR", "es_ES", "it_IT", "nl_NL", "en_CA", "en_AU", "pt_PT")
PER_LOCALE = 12


def from_faker(locale: str) -> list[tuple[str, str, str, str, str, str]]:
    """The rows of ``locale`` as the installed Faker makes them (how the table was made)."""
    from faker import Faker
    from faker.providers.address.en_US import Provider as UsAddress

    abbrs = [a for a in UsAddress.states_abbr if a != "DC"]
    states = {**dict(zip(abbrs, UsAddress.states, strict=True)), "DC": "District of Columbia"}
    fake = Faker(locale)
    fake.seed_instance(f"20250101:{locale}")
    rows = []
    for _ in range(PER_LOCALE):
        if locale == "en_US":
            code = fake.state_abbr(include_territories=False, include_freely_associated_states=False)
            state, postcode = states.get(code, code), fake.postcode_in_state(code)
        else:
            state = fake.administrative_unit() if hasattr(fake, "administrative_unit") else ""
            code, postcode = "", fake.postcode()
        rows.append((fake.city(), postcode, fake.current_country(), fake.current_country_code(), state, code))
    return rows


if __name__ == "__main__":
    for locale in LOCALES:
        for row in from_faker(locale):
            print(f"    {row!r},")
