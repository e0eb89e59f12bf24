"""The built-in topic bank: subjects, metrics, entities and vocabulary the content stage draws on.

Every topic carries everything the offline generator needs to write a plausible report:
metrics with units and typical ranges, a composition ("mix") for share charts, the
entities a chart compares, the institutions that act and react in the prose, event
phrases for timelines, and topic words for the sentence templates. Metric ranges stay
below 1,000 (a scale word such as "billion" carries the magnitude) so numbers are written
without thousands separators, and units contain no digits.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from synthdocbench_tasks.schema import MetricKind

DOMAINS: tuple[str, ...] = (
    "geopolitics",
    "economics",
    "environmental science",
    "technology",
    "health",
    "energy",
    "society",
)


@dataclass(frozen=True)
class Metric:
    """A quantity a chart, table or sentence can report."""

    name: str
    unit: str
    low: float
    high: float
    decimals: int = 1
    #: Magnitude word written before the unit, e.g. "billion" in "billion USD".
    scale: str = ""
    #: What the metric measures (:data:`~synthdocbench_tasks.schema.MetricKind`); inferred
    #: from the name and unit by :func:`infer_kind` when not given.
    kind: MetricKind = field(default="level")
    kind_given: bool = field(default=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.kind_given:
            object.__setattr__(self, "kind", infer_kind(self.name, self.unit, self.decimals))

    @property
    def unit_label(self) -> str:
        return f"{self.scale} {self.unit}".strip()


#: Words that make a percentage a rate (a ratio per period or a rate of use), not a share of a whole.
_RATE_WORDS = ("growth", "inflation", "rate", "yield", "tariff", "factor", "gain", "ratio")
#: Units of whole things: a metric in one of them is a count.
_COUNT_UNITS = frozenset({"incidents", "voyages", "points", "dwellings", "people", "wafers", "requests"})


def infer_kind(name: str, unit: str, decimals: int) -> MetricKind:
    """The kind of a metric from its name and unit: ``%`` is a share unless the name says rate or
    growth; ``index points`` and scores are indices; per-population ratios are rates; whole
    things (incidents, dwellings, days counted whole) are counts; anything else is a level."""
    low = name.lower()
    if unit == "%":
        return "rate" if any(w in low for w in _RATE_WORDS) else "share"
    if unit == "index points" or "score" in low:
        return "index"
    if "per hundred" in unit or "per thousand" in low:
        return "rate"
    if unit in _COUNT_UNITS or (unit == "days" and decimals == 0):
        return "count"
    return "level"


@dataclass(frozen=True)
class Mix:
    """A whole split into parts (electricity by source, spending by item) for share charts."""

    name: str
    part_kind: str
    parts: tuple[str, ...]
    metric: Metric


@dataclass(frozen=True)
class Topic:
    key: str
    title: str
    #: Short noun phrase used inside sentences ("the energy transition in Southeast Asia").
    phrase: str
    domain: str
    entity_kind: str
    entity_kind_plural: str
    entities: tuple[str, ...]
    actors: tuple[str, ...]
    metrics: tuple[Metric, ...]
    mix: Mix
    years: tuple[int, int]
    events: tuple[str, ...]
    subjects: tuple[str, ...]
    concepts: tuple[str, ...]
    drivers: tuple[str, ...]
    risks: tuple[str, ...]
    sources: tuple[str, ...]


def _m(name: str, unit: str, low: float, high: float, decimals: int = 1, scale: str = "") -> Metric:
    return Metric(name=name, unit=unit, low=low, high=high, decimals=decimals, scale=scale)


_TOPICS: tuple[Topic, ...] = (
    Topic(
        key="energy-transition-sea",
        title="The Energy Transition in Southeast Asia",
        phrase="the energy transition in Southeast Asia",
        domain="energy",
        entity_kind="country",
        entity_kind_plural="countries",
        entities=(
            "Indonesia",
            "Vietnam",
            "Thailand",
            "Malaysia",
            "Philippines",
            "Singapore",
            "Cambodia",
            "Laos",
            "Myanmar",
            "Brunei",
        ),
        actors=(
            "the ASEAN Centre for Energy",
            "the Asian Development Bank",
            "national grid operators",
            "the regional utilities association",
            "independent power producers",
            "the energy ministries",
        ),
        metrics=(
            _m("renewable share of electricity", "%", 4, 68),
            _m("installed solar capacity", "GW", 0.5, 45),
            _m("clean energy investment", "USD", 1.2, 38, 1, "billion"),
            _m("grid emissions intensity", "gCO₂ per kWh", 310, 880, 0),
            _m("electricity demand growth", "%", 1.1, 9.8),
        ),
        mix=Mix(
            "electricity generation",
            "source",
            ("Coal", "Gas", "Hydro", "Solar", "Wind", "Geothermal"),
            _m("electricity generation", "TWh", 3, 190),
        ),
        years=(2010, 2024),
        events=(
            "launched a competitive auction for utility-scale solar",
            "approved a regional power-trade pilot",
            "announced a moratorium on new coal plants",
            "introduced a feed-in tariff for rooftop solar",
            "opened the first cross-border interconnector",
            "published a national hydrogen roadmap",
            "signed a just energy transition partnership",
            "reformed wholesale electricity pricing",
        ),
        subjects=(
            "the coal phase-down plan",
            "the rooftop solar programme",
            "the regional grid interconnection",
            "the new auction rules",
        ),
        concepts=(
            "grid flexibility",
            "battery storage",
            "transmission planning",
            "rooftop solar uptake",
            "power purchase agreements",
            "coal retirement schedules",
            "demand response",
        ),
        drivers=(
            "falling module prices",
            "rising industrial demand",
            "concessional climate finance",
            "tighter air-quality rules",
            "corporate clean-power commitments",
        ),
        risks=(
            "curtailment on congested lines",
            "stranded coal assets",
            "currency exposure in power contracts",
            "slow permitting",
            "shortfalls in grid investment",
        ),
        sources=("national utility reports", "ASEAN energy statistics", "regulator filings"),
    ),
    Topic(
        key="offshore-wind-europe",
        title="Offshore Wind Expansion in Northern Europe",
        phrase="offshore wind expansion in northern Europe",
        domain="energy",
        entity_kind="country",
        entity_kind_plural="countries",
        entities=(
            "United Kingdom",
            "Germany",
            "Denmark",
            "Netherlands",
            "Belgium",
            "Norway",
            "Poland",
            "France",
            "Ireland",
            "Sweden",
        ),
        actors=(
            "the North Seas Energy Cooperation",
            "transmission system operators",
            "turbine manufacturers",
            "port authorities",
            "the European Commission",
            "fishing industry groups",
        ),
        metrics=(
            _m("installed offshore capacity", "GW", 0.4, 32),
            _m("average capacity factor", "%", 31, 52),
            _m("levelised cost of energy", "EUR per MWh", 41, 165, 0),
            _m("annual investment in offshore wind", "EUR", 0.8, 29, 1, "billion"),
            _m("average turbine rating", "MW", 3.1, 15.5),
        ),
        mix=Mix(
            "project pipeline",
            "stage",
            ("Operating", "Under construction", "Consented", "In planning", "Early development"),
            _m("project pipeline", "GW", 0.5, 60),
        ),
        years=(2008, 2024),
        events=(
            "held its first contracts-for-difference round",
            "opened a dedicated offshore wind port",
            "agreed a joint North Sea grid plan",
            "raised its offshore wind target",
            "introduced negative bidding in auctions",
            "commissioned the first floating wind array",
            "streamlined marine consenting",
            "set up a state transmission company for offshore links",
        ),
        subjects=(
            "the auction redesign",
            "the joint grid plan",
            "the floating wind programme",
            "the new consenting regime",
        ),
        concepts=(
            "seabed leasing",
            "grid connection queues",
            "turbine supply chains",
            "floating foundations",
            "hybrid interconnectors",
            "port capacity",
            "capacity factors",
        ),
        drivers=(
            "larger turbines",
            "stable revenue contracts",
            "falling financing costs",
            "energy security concerns",
            "coordinated grid planning",
        ),
        risks=(
            "supply-chain bottlenecks",
            "rising steel prices",
            "wake losses between farms",
            "conflicts with shipping lanes",
            "auction rounds that attract no bids",
        ),
        sources=("transmission operator data", "industry association statistics", "auction results"),
    ),
    Topic(
        key="sahel-security",
        title="Security and Governance in the Sahel",
        phrase="security and governance in the Sahel",
        domain="geopolitics",
        entity_kind="country",
        entity_kind_plural="countries",
        entities=(
            "Mali",
            "Niger",
            "Burkina Faso",
            "Chad",
            "Mauritania",
            "Senegal",
            "Nigeria",
            "Cameroon",
            "Guinea",
            "Benin",
        ),
        actors=(
            "the African Union",
            "ECOWAS",
            "the UN Security Council",
            "regional civil-society networks",
            "humanitarian agencies",
            "donor governments",
        ),
        metrics=(
            _m("internally displaced people", "people", 0.05, 3.8, 2, "million"),
            _m("defence spending share of GDP", "%", 1.1, 6.4),
            _m("humanitarian funding received", "USD", 0.1, 2.9, 2, "billion"),
            _m("government effectiveness score", "index points", 12, 58),
            _m("recorded security incidents", "incidents", 120, 990, 0),
        ),
        mix=Mix(
            "humanitarian appeal funding",
            "sector",
            ("Food security", "Health", "Shelter", "Protection", "Water and sanitation", "Education"),
            _m("humanitarian appeal funding", "USD", 5, 420, 0, "million"),
        ),
        years=(2011, 2024),
        events=(
            "requested the withdrawal of a UN stabilisation mission",
            "signed a regional security pact",
            "suspended a member state after a coup",
            "announced a transition charter",
            "launched a cross-border counter-terrorism force",
            "held a contested referendum",
            "reopened negotiations with armed groups",
            "expelled a foreign military contingent",
        ),
        subjects=(
            "the transition timetable",
            "the regional security pact",
            "the sanctions package",
            "the stabilisation mission",
        ),
        concepts=(
            "border governance",
            "local mediation",
            "state presence in rural areas",
            "displacement",
            "security-sector reform",
            "aid access",
            "electoral transitions",
        ),
        drivers=(
            "armed-group expansion",
            "food insecurity",
            "climate stress on pastoral livelihoods",
            "contested elections",
            "shifting foreign partnerships",
        ),
        risks=(
            "renewed coups",
            "aid access restrictions",
            "spillover into coastal states",
            "sanctions fatigue",
            "the collapse of local ceasefires",
        ),
        sources=("conflict event databases", "UN agency reports", "regional observatories"),
    ),
    Topic(
        key="arctic-geopolitics",
        title="Strategic Competition in the Arctic",
        phrase="strategic competition in the Arctic",
        domain="geopolitics",
        entity_kind="state",
        entity_kind_plural="states",
        entities=(
            "Russia",
            "Canada",
            "United States",
            "Norway",
            "Denmark",
            "Iceland",
            "Finland",
            "Sweden",
            "China",
            "Japan",
        ),
        actors=(
            "the Arctic Council",
            "Indigenous peoples' organisations",
            "the NATO military committee",
            "coast guard agencies",
            "shipping insurers",
            "polar research institutes",
        ),
        metrics=(
            _m("Arctic transit voyages", "voyages", 80, 960, 0),
            _m("polar research budget", "USD", 42, 780, 0, "million"),
            _m("icebreaker fleet readiness", "%", 41, 97),
            _m("Arctic military exercise days", "days", 12, 360, 0),
            _m("sea-ice extent in September", "km²", 3.4, 7.9, 2, "million"),
        ),
        mix=Mix(
            "Arctic shipping cargo",
            "cargo type",
            ("Liquefied gas", "Crude oil", "Bulk ore", "Containers", "Supplies", "Fish"),
            _m("Arctic shipping cargo", "tonnes", 0.2, 38, 1, "million"),
        ),
        years=(2009, 2024),
        events=(
            "paused cooperation in the Arctic Council",
            "submitted an extended continental shelf claim",
            "opened a new Arctic command",
            "published an Arctic policy white paper",
            "commissioned a nuclear icebreaker",
            "signed a search-and-rescue agreement",
            "restricted foreign research vessels",
            "hosted the largest Arctic exercise in decades",
        ),
        subjects=(
            "the shelf claim",
            "the Arctic policy white paper",
            "the research access rules",
            "the search-and-rescue agreement",
        ),
        concepts=(
            "maritime domain awareness",
            "continental shelf claims",
            "Indigenous consultation",
            "polar shipping routes",
            "dual-use infrastructure",
            "scientific cooperation",
            "ice-class shipping",
        ),
        drivers=(
            "retreating sea ice",
            "resource prospects",
            "great-power rivalry",
            "new shipping economics",
            "defence modernisation",
        ),
        risks=(
            "miscalculation at sea",
            "oil spills in ice",
            "the erosion of scientific exchange",
            "unregulated fishing",
            "militarisation of research stations",
        ),
        sources=("coast guard statistics", "shipping registers", "defence white papers"),
    ),
    Topic(
        key="eurozone-inflation",
        title="Inflation and Monetary Policy in the Euro Area",
        phrase="inflation and monetary policy in the euro area",
        domain="economics",
        entity_kind="economy",
        entity_kind_plural="economies",
        entities=(
            "Germany",
            "France",
            "Italy",
            "Spain",
            "Netherlands",
            "Belgium",
            "Austria",
            "Portugal",
            "Greece",
            "Ireland",
        ),
        actors=(
            "the European Central Bank",
            "national statistics offices",
            "trade unions",
            "employers' federations",
            "the fiscal council",
            "bond investors",
        ),
        metrics=(
            _m("headline inflation", "%", 0.3, 11.8),
            _m("core inflation", "%", 0.6, 7.9),
            _m("unemployment rate", "%", 2.8, 17.9),
            _m("ten-year bond yield", "%", 0.2, 6.9, 2),
            _m("nominal wage growth", "%", 0.4, 8.7),
        ),
        mix=Mix(
            "consumer price basket",
            "component",
            ("Food", "Energy", "Housing", "Transport", "Services", "Durable goods"),
            _m("consumer price basket weight", "index points", 4, 210, 0),
        ),
        years=(2012, 2024),
        events=(
            "raised its deposit rate for the first time in a decade",
            "ended net asset purchases",
            "introduced a new transmission protection instrument",
            "completed a strategy review",
            "capped household energy prices",
            "indexed public-sector wages",
            "reinstated the fiscal deficit rule",
            "began shrinking its balance sheet",
        ),
        subjects=(
            "the rate-tightening cycle",
            "the energy price cap",
            "the new fiscal rules",
            "the transmission protection instrument",
        ),
        concepts=(
            "policy rate expectations",
            "wage bargaining",
            "energy pass-through",
            "fiscal support",
            "credit conditions",
            "services inflation",
            "bond spreads",
        ),
        drivers=(
            "energy price shocks",
            "tight labour markets",
            "supply-chain disruption",
            "fiscal transfers",
            "currency depreciation",
        ),
        risks=(
            "second-round wage effects",
            "fragmentation of bond markets",
            "a housing correction",
            "premature easing",
            "a renewed energy shock",
        ),
        sources=("harmonised price statistics", "central bank bulletins", "labour force surveys"),
    ),
    Topic(
        key="latam-trade",
        title="Trade Integration in Latin America",
        phrase="trade integration in Latin America",
        domain="economics",
        entity_kind="economy",
        entity_kind_plural="economies",
        entities=(
            "Brazil",
            "Mexico",
            "Argentina",
            "Chile",
            "Colombia",
            "Peru",
            "Uruguay",
            "Paraguay",
            "Ecuador",
            "Costa Rica",
        ),
        actors=(
            "the Inter-American Development Bank",
            "Mercosur negotiators",
            "export promotion agencies",
            "customs administrations",
            "industry chambers",
            "agricultural producer groups",
        ),
        metrics=(
            _m("intra-regional export share", "%", 6, 42),
            _m("average applied tariff", "%", 1.2, 14.8),
            _m("goods exports", "USD", 8, 340, 0, "billion"),
            _m("logistics performance score", "index points", 22, 68),
            _m("customs clearance time", "days", 1.2, 14.5),
        ),
        mix=Mix(
            "export basket",
            "product group",
            ("Minerals", "Agriculture", "Manufactures", "Energy", "Services", "Chemicals"),
            _m("exports by product group", "USD", 1.5, 120, 1, "billion"),
        ),
        years=(2010, 2024),
        events=(
            "ratified a regional digital trade protocol",
            "cut tariffs on capital goods",
            "launched a single-window customs platform",
            "concluded talks on an association agreement",
            "joined a Pacific trade partnership",
            "introduced export credit guarantees",
            "harmonised sanitary standards for meat exports",
            "opened a bi-oceanic rail corridor",
        ),
        subjects=(
            "the association agreement",
            "the customs single window",
            "the tariff reform",
            "the rail corridor project",
        ),
        concepts=(
            "rules of origin",
            "value-chain integration",
            "port efficiency",
            "non-tariff barriers",
            "export diversification",
            "trade facilitation",
            "commodity exposure",
        ),
        drivers=(
            "commodity prices",
            "nearshoring demand",
            "freight costs",
            "exchange-rate swings",
            "new trade agreements",
        ),
        risks=(
            "protectionist reversals",
            "commodity price slumps",
            "border congestion",
            "currency volatility",
            "weak infrastructure investment",
        ),
        sources=("customs records", "central bank trade data", "development bank surveys"),
    ),
    Topic(
        key="coral-reefs",
        title="Coral Reef Health in the Indo-Pacific",
        phrase="coral reef health in the Indo-Pacific",
        domain="environmental science",
        entity_kind="reef region",
        entity_kind_plural="reef regions",
        entities=(
            "Great Barrier Reef",
            "Coral Triangle",
            "Andaman Sea",
            "Red Sea",
            "Ningaloo",
            "Palau",
            "Fiji",
            "New Caledonia",
            "Maldives",
            "Chagos",
        ),
        actors=(
            "marine park authorities",
            "reef scientists",
            "the regional fisheries agency",
            "tourism operators",
            "coastal communities",
            "conservation NGOs",
        ),
        metrics=(
            _m("live hard coral cover", "%", 8, 52),
            _m("bleached reef area", "%", 3, 78),
            _m("sea-surface temperature anomaly", "°C", 0.2, 2.4, 2),
            _m("marine protected area coverage", "%", 2, 46),
            _m("reef fish biomass", "kg per hectare", 120, 980, 0),
        ),
        mix=Mix(
            "reef condition",
            "condition class",
            ("Healthy", "Recovering", "Moderately bleached", "Severely bleached", "Dead"),
            _m("surveyed reef area", "km²", 2, 310, 0),
        ),
        years=(2008, 2024),
        events=(
            "declared a mass bleaching event",
            "expanded a no-take marine zone",
            "launched a coral restoration programme",
            "banned bottom trawling near reefs",
            "introduced a reef tourism levy",
            "published a reef resilience plan",
            "began large-scale larval reseeding trials",
            "listed a reef system as endangered",
        ),
        subjects=(
            "the restoration programme",
            "the tourism levy",
            "the no-take zone expansion",
            "the resilience plan",
        ),
        concepts=(
            "thermal stress",
            "coral recruitment",
            "water quality",
            "herbivorous fish",
            "reef restoration",
            "marine protected areas",
            "ocean acidification",
        ),
        drivers=(
            "marine heatwaves",
            "nutrient run-off",
            "overfishing",
            "coastal development",
            "crown-of-thorns outbreaks",
        ),
        risks=(
            "back-to-back bleaching",
            "disease outbreaks",
            "loss of reef tourism",
            "reduced coastal protection",
            "declining fish catches",
        ),
        sources=("long-term monitoring surveys", "satellite temperature records", "park authority reports"),
    ),
    Topic(
        key="river-basins",
        title="Water Stress in Major River Basins",
        phrase="water stress in major river basins",
        domain="environmental science",
        entity_kind="basin",
        entity_kind_plural="basins",
        entities=(
            "Indus",
            "Nile",
            "Colorado",
            "Murray-Darling",
            "Mekong",
            "Tigris-Euphrates",
            "Danube",
            "Yellow River",
            "Niger",
            "Amu Darya",
        ),
        actors=(
            "basin commissions",
            "irrigation districts",
            "municipal water utilities",
            "hydrologists",
            "farmer associations",
            "environmental regulators",
        ),
        metrics=(
            _m("water withdrawal ratio", "%", 12, 96),
            _m("irrigated area", "hectares", 0.4, 18, 1, "million"),
            _m("groundwater decline", "cm per year", 1.5, 85),
            _m("reservoir storage", "%", 18, 91),
            _m("environmental flow compliance", "%", 22, 88),
        ),
        mix=Mix(
            "water withdrawals",
            "use",
            ("Irrigation", "Municipal", "Industry", "Energy", "Livestock"),
            _m("water withdrawals", "km³", 0.3, 95),
        ),
        years=(2005, 2024),
        events=(
            "signed a water-sharing accord",
            "introduced volumetric water pricing",
            "completed a major storage dam",
            "launched a groundwater metering scheme",
            "set legally binding environmental flows",
            "created a basin-wide water market",
            "declared a drought emergency",
            "commissioned a large desalination plant",
        ),
        subjects=(
            "the water-sharing accord",
            "the metering scheme",
            "the water market",
            "the environmental flow rules",
        ),
        concepts=(
            "groundwater recharge",
            "irrigation efficiency",
            "transboundary cooperation",
            "water allocation",
            "drought planning",
            "wetland restoration",
            "reservoir operations",
        ),
        drivers=(
            "population growth",
            "irrigation expansion",
            "glacier retreat",
            "hotter summers",
            "upstream dam construction",
        ),
        risks=(
            "aquifer depletion",
            "salinisation",
            "disputes between riparian states",
            "crop failures",
            "ecosystem collapse in deltas",
        ),
        sources=("basin commission records", "gauging station data", "satellite gravimetry"),
    ),
    Topic(
        key="ai-adoption",
        title="Enterprise Adoption of Artificial Intelligence",
        phrase="enterprise adoption of artificial intelligence",
        domain="technology",
        entity_kind="sector",
        entity_kind_plural="sectors",
        entities=(
            "Financial services",
            "Manufacturing",
            "Retail",
            "Healthcare",
            "Logistics",
            "Telecommunications",
            "Public administration",
            "Energy",
            "Media",
            "Education",
        ),
        actors=(
            "the national AI office",
            "data protection authorities",
            "enterprise software vendors",
            "workers' councils",
            "industry consortia",
            "university research labs",
        ),
        metrics=(
            _m("firms using AI in production", "%", 4, 62),
            _m("AI software spending", "USD", 0.6, 48, 1, "billion"),
            _m("share of staff trained in AI tools", "%", 2, 41),
            _m("average model deployment time", "weeks", 2.5, 31),
            _m("reported productivity gain", "%", 1.2, 19.5),
        ),
        mix=Mix(
            "AI budget",
            "item",
            (
                "Cloud compute",
                "Software licences",
                "Data engineering",
                "Staff training",
                "Consulting",
                "Governance",
            ),
            _m("AI budget", "USD", 4, 380, 0, "million"),
        ),
        years=(2015, 2024),
        events=(
            "published binding rules for high-risk AI systems",
            "launched a public compute programme",
            "issued guidance on generative AI in the workplace",
            "created a regulatory sandbox for AI",
            "opened a national AI safety institute",
            "funded an AI skills voucher scheme",
            "required audits of automated hiring tools",
            "released an open government dataset portal",
        ),
        subjects=(
            "the AI regulation",
            "the skills voucher scheme",
            "the public compute programme",
            "the audit requirement",
        ),
        concepts=(
            "model governance",
            "data readiness",
            "workforce reskilling",
            "cloud infrastructure",
            "human oversight",
            "use-case prioritisation",
            "vendor lock-in",
        ),
        drivers=(
            "cheaper compute",
            "foundation models",
            "labour shortages",
            "competitive pressure",
            "regulatory clarity",
        ),
        risks=(
            "model errors in critical processes",
            "data leakage",
            "skills gaps",
            "uneven access for small firms",
            "compliance costs",
        ),
        sources=("enterprise surveys", "vendor revenue filings", "statistical office ICT surveys"),
    ),
    Topic(
        key="semiconductors",
        title="Semiconductor Supply Chains After the Chip Shortage",
        phrase="semiconductor supply chains after the chip shortage",
        domain="technology",
        entity_kind="economy",
        entity_kind_plural="economies",
        entities=(
            "Taiwan",
            "South Korea",
            "Japan",
            "China",
            "United States",
            "Netherlands",
            "Germany",
            "Singapore",
            "Malaysia",
            "Israel",
        ),
        actors=(
            "foundry operators",
            "equipment makers",
            "industry ministries",
            "automotive manufacturers",
            "export-control authorities",
            "chip design firms",
        ),
        metrics=(
            _m("share of global wafer capacity", "%", 1.2, 24),
            _m("fab investment announced", "USD", 2, 95, 1, "billion"),
            _m("average chip lead time", "weeks", 9, 27),
            _m("fab utilisation rate", "%", 62, 99),
            _m("semiconductor export value", "USD", 6, 190, 0, "billion"),
        ),
        mix=Mix(
            "chip output",
            "node class",
            ("Leading edge", "Mature logic", "Memory", "Analog", "Power"),
            _m("chip output", "wafers", 0.2, 9.5, 1, "million"),
        ),
        years=(2014, 2024),
        events=(
            "passed a chips subsidy act",
            "tightened export controls on lithography tools",
            "broke ground on a leading-edge fab",
            "formed a chip alliance with partner economies",
            "launched a semiconductor skills academy",
            "offered tax credits for equipment purchases",
            "created a strategic chip stockpile",
            "announced a national packaging centre",
        ),
        subjects=(
            "the chips subsidy act",
            "the export controls",
            "the chip alliance",
            "the packaging centre",
        ),
        concepts=(
            "foundry capacity",
            "advanced packaging",
            "lithography tools",
            "inventory buffers",
            "supplier diversification",
            "design talent",
            "mature-node demand",
        ),
        drivers=(
            "automotive electrification",
            "data-centre demand",
            "industrial subsidies",
            "export restrictions",
            "geopolitical risk",
        ),
        risks=(
            "overcapacity in mature nodes",
            "water and power constraints",
            "talent shortages",
            "retaliatory export controls",
            "construction delays",
        ),
        sources=("industry association data", "company capital-expenditure filings", "trade statistics"),
    ),
    Topic(
        key="tb-control",
        title="Tuberculosis Control in High-Burden Countries",
        phrase="tuberculosis control in high-burden countries",
        domain="health",
        entity_kind="country",
        entity_kind_plural="countries",
        entities=(
            "India",
            "Indonesia",
            "Philippines",
            "Pakistan",
            "Nigeria",
            "Bangladesh",
            "South Africa",
            "Myanmar",
            "Kenya",
            "Mozambique",
        ),
        actors=(
            "the World Health Organization",
            "national TB programmes",
            "the Global Fund",
            "community health workers",
            "patient advocacy groups",
            "diagnostic manufacturers",
        ),
        metrics=(
            _m("TB incidence", "cases per hundred thousand people", 120, 690, 0),
            _m("treatment success rate", "%", 68, 94),
            _m("case detection rate", "%", 41, 89),
            _m("TB programme funding", "USD", 12, 540, 0, "million"),
            _m("rapid molecular test coverage", "%", 8, 76),
        ),
        mix=Mix(
            "TB programme budget",
            "budget line",
            ("Diagnosis", "Treatment", "Prevention", "Drug-resistant care", "Community outreach", "Research"),
            _m("TB programme budget", "USD", 2, 180, 0, "million"),
        ),
        years=(2010, 2024),
        events=(
            "adopted an all-oral regimen for drug-resistant TB",
            "launched active case finding in prisons",
            "introduced direct benefit payments for patients",
            "rolled out rapid molecular testing nationally",
            "declared TB a notifiable disease in private clinics",
            "started preventive therapy for contacts",
            "signed a pooled procurement deal for TB drugs",
            "ran its first national prevalence survey",
        ),
        subjects=(
            "the all-oral regimen",
            "the patient payment scheme",
            "the active case-finding drive",
            "the pooled procurement deal",
        ),
        concepts=(
            "case finding",
            "treatment adherence",
            "drug resistance",
            "private-sector notification",
            "preventive therapy",
            "diagnostic coverage",
            "patient support",
        ),
        drivers=(
            "rapid diagnostics",
            "donor financing",
            "nutrition support",
            "digital adherence tools",
            "decentralised care",
        ),
        risks=(
            "service disruptions",
            "drug stock-outs",
            "rising drug resistance",
            "underreporting from private providers",
            "funding gaps",
        ),
        sources=("WHO surveillance data", "national programme reviews", "prevalence surveys"),
    ),
    Topic(
        key="ageing-care",
        title="Long-Term Care for Ageing Populations",
        phrase="long-term care for ageing populations",
        domain="health",
        entity_kind="country",
        entity_kind_plural="countries",
        entities=(
            "Japan",
            "Germany",
            "Italy",
            "South Korea",
            "France",
            "Netherlands",
            "Sweden",
            "Canada",
            "Spain",
            "Finland",
        ),
        actors=(
            "health ministries",
            "care-home operators",
            "unions of care workers",
            "pensioner associations",
            "long-term care insurers",
            "local authorities",
        ),
        metrics=(
            _m("population aged over eighty", "%", 3.1, 9.9),
            _m("long-term care spending share of GDP", "%", 0.6, 4.2),
            _m("care beds per thousand older people", "beds", 18, 72, 1),
            _m("care worker vacancy rate", "%", 2.1, 14.6),
            _m("average wait for a care placement", "weeks", 3, 41, 1),
        ),
        mix=Mix(
            "care provision",
            "setting",
            ("Home care", "Nursing homes", "Day centres", "Informal care", "Assisted living"),
            _m("care recipients", "people", 0.1, 2.9, 2, "million"),
        ),
        years=(2008, 2024),
        events=(
            "introduced mandatory long-term care insurance",
            "set minimum staffing ratios in care homes",
            "launched a cash-for-care allowance",
            "opened a recruitment route for foreign care workers",
            "capped lifetime care costs",
            "funded a national dementia strategy",
            "required care homes to publish inspection scores",
            "raised statutory pay for care workers",
        ),
        subjects=(
            "the staffing ratio rules",
            "the care cost cap",
            "the dementia strategy",
            "the cash-for-care allowance",
        ),
        concepts=(
            "home-based care",
            "informal carers",
            "care workforce",
            "dementia services",
            "care financing",
            "quality inspection",
            "assistive technology",
        ),
        drivers=(
            "population ageing",
            "rising dementia prevalence",
            "smaller households",
            "female labour participation",
            "pay settlements in care",
        ),
        risks=(
            "staff shortages",
            "care-home closures",
            "unmet need among older people",
            "strain on unpaid carers",
            "rising public costs",
        ),
        sources=("OECD health statistics", "care inspectorate reports", "household panel surveys"),
    ),
    Topic(
        key="urban-housing",
        title="Housing Affordability in Global Cities",
        phrase="housing affordability in global cities",
        domain="society",
        entity_kind="city",
        entity_kind_plural="cities",
        entities=(
            "London",
            "Toronto",
            "Sydney",
            "Berlin",
            "Madrid",
            "Seoul",
            "São Paulo",
            "Dublin",
            "Amsterdam",
            "Vancouver",
        ),
        actors=(
            "city housing departments",
            "tenant unions",
            "property developers",
            "mortgage lenders",
            "social housing associations",
            "planning inspectors",
        ),
        metrics=(
            _m("median rent as share of income", "%", 21, 58),
            _m("house price to income ratio", "times income", 4.1, 15.8),
            _m("new dwellings completed", "dwellings", 3, 62, 1, "thousand"),
            _m("social housing share", "%", 2, 34),
            _m("average mortgage rate", "%", 1.1, 7.4, 2),
        ),
        mix=Mix(
            "housing stock",
            "tenure",
            ("Owner-occupied", "Private rented", "Social rented", "Cooperative", "Short-term let"),
            _m("dwellings", "dwellings", 12, 640, 0, "thousand"),
        ),
        years=(2008, 2024),
        events=(
            "introduced a rent cap on existing tenancies",
            "taxed vacant homes",
            "rezoned industrial land for housing",
            "restricted short-term rentals",
            "launched a public housebuilding company",
            "ended no-fault evictions",
            "adopted inclusionary zoning",
            "offered shared-ownership loans to first-time buyers",
        ),
        subjects=(
            "the rent cap",
            "the vacancy tax",
            "the short-term rental rules",
            "the inclusionary zoning policy",
        ),
        concepts=(
            "planning permission",
            "rent regulation",
            "land values",
            "construction costs",
            "tenant protection",
            "mortgage affordability",
            "density",
        ),
        drivers=(
            "interest-rate changes",
            "migration to cities",
            "planning delays",
            "investor demand",
            "construction cost inflation",
        ),
        risks=(
            "falling completions",
            "displacement of low-income tenants",
            "mortgage stress",
            "homelessness",
            "underinvestment in maintenance",
        ),
        sources=("city housing surveys", "land registry data", "rental listings"),
    ),
    Topic(
        key="digital-education",
        title="Digital Learning in Secondary Schools",
        phrase="digital learning in secondary schools",
        domain="society",
        entity_kind="education system",
        entity_kind_plural="education systems",
        entities=(
            "Estonia",
            "Finland",
            "Portugal",
            "Uruguay",
            "Kenya",
            "Chile",
            "Poland",
            "Ireland",
            "Vietnam",
            "Morocco",
        ),
        actors=(
            "education ministries",
            "teacher unions",
            "parent associations",
            "edtech providers",
            "school inspectorates",
            "university teacher-training colleges",
        ),
        metrics=(
            _m("pupils with a school-provided device", "%", 9, 94),
            _m("schools with high-speed broadband", "%", 14, 97),
            _m("teachers trained in digital pedagogy", "%", 11, 83),
            _m("digital education budget", "USD", 8, 640, 0, "million"),
            _m("average weekly screen time in class", "hours", 2.1, 14.5),
        ),
        mix=Mix(
            "digital education budget",
            "item",
            ("Devices", "Connectivity", "Teacher training", "Software", "Technical support", "Content"),
            _m("digital education spending", "USD", 1, 190, 0, "million"),
        ),
        years=(2010, 2024),
        events=(
            "issued a laptop to every secondary pupil",
            "banned smartphones in classrooms",
            "made coding a compulsory subject",
            "connected all rural schools to fibre",
            "launched a national online learning platform",
            "introduced digital assessments for exams",
            "published guidance on AI in homework",
            "created a teacher digital-skills certificate",
        ),
        subjects=(
            "the smartphone ban",
            "the one-laptop programme",
            "the online learning platform",
            "the digital exam reform",
        ),
        concepts=(
            "device access",
            "teacher confidence",
            "learning platforms",
            "digital literacy",
            "connectivity gaps",
            "screen-time limits",
            "assessment reform",
        ),
        drivers=(
            "pandemic-era investment",
            "cheaper devices",
            "curriculum reform",
            "donor programmes",
            "parental demand",
        ),
        risks=(
            "widening attainment gaps",
            "device obsolescence",
            "teacher workload",
            "student data misuse",
            "distraction in class",
        ),
        sources=("school censuses", "international assessment surveys", "ministry budget documents"),
    ),
    Topic(
        key="food-security",
        title="Food Security and Crop Yields in East Africa",
        phrase="food security and crop yields in East Africa",
        domain="economics",
        entity_kind="country",
        entity_kind_plural="countries",
        entities=(
            "Kenya",
            "Ethiopia",
            "Tanzania",
            "Uganda",
            "Rwanda",
            "Somalia",
            "South Sudan",
            "Burundi",
            "Djibouti",
            "Eritrea",
        ),
        actors=(
            "the World Food Programme",
            "agriculture ministries",
            "farmer cooperatives",
            "the regional drought authority",
            "seed companies",
            "famine early-warning analysts",
        ),
        metrics=(
            _m("maize yield", "tonnes per hectare", 0.6, 3.9, 2),
            _m("population facing acute food insecurity", "%", 3, 46),
            _m("food price inflation", "%", 2.4, 38),
            _m("fertiliser use", "kg per hectare", 4, 62),
            _m("irrigated cropland share", "%", 0.6, 11.8),
        ),
        mix=Mix(
            "cereal production",
            "crop",
            ("Maize", "Sorghum", "Wheat", "Teff", "Rice", "Millet"),
            _m("cereal production", "tonnes", 0.1, 9.8, 1, "million"),
        ),
        years=(2010, 2024),
        events=(
            "launched a fertiliser subsidy programme",
            "lifted an export ban on maize",
            "established a strategic grain reserve",
            "rolled out drought-tolerant seed varieties",
            "introduced index-based livestock insurance",
            "declared a national drought disaster",
            "opened a regional commodity exchange",
            "scaled up school feeding",
        ),
        subjects=(
            "the fertiliser subsidy",
            "the grain reserve",
            "the livestock insurance scheme",
            "the export ban",
        ),
        concepts=(
            "rainfall variability",
            "input access",
            "post-harvest losses",
            "market integration",
            "pastoral livelihoods",
            "seed systems",
            "social protection",
        ),
        drivers=(
            "failed rainy seasons",
            "fertiliser prices",
            "conflict",
            "currency weakness",
            "locust outbreaks",
        ),
        risks=(
            "consecutive droughts",
            "price spikes",
            "livestock losses",
            "aid funding shortfalls",
            "displacement into camps",
        ),
        sources=("famine early-warning reports", "agricultural household surveys", "market price monitors"),
    ),
    Topic(
        key="ev-batteries",
        title="Electric Vehicles and the Battery Value Chain",
        phrase="electric vehicles and the battery value chain",
        domain="technology",
        entity_kind="market",
        entity_kind_plural="markets",
        entities=(
            "China",
            "European Union",
            "United States",
            "Japan",
            "South Korea",
            "India",
            "United Kingdom",
            "Norway",
            "Canada",
            "Brazil",
        ),
        actors=(
            "carmakers",
            "battery cell manufacturers",
            "charging network operators",
            "mining companies",
            "transport ministries",
            "consumer groups",
        ),
        metrics=(
            _m("electric share of new car sales", "%", 1.2, 88),
            _m("battery pack price", "USD per kWh", 98, 420, 0),
            _m("public charging points", "points", 4, 760, 0, "thousand"),
            _m("battery cell production capacity", "GWh", 5, 950, 0),
            _m("average electric driving range", "km", 210, 480, 0),
        ),
        mix=Mix(
            "battery cell cost",
            "component",
            ("Cathode", "Anode", "Electrolyte", "Separator", "Manufacturing", "Housing"),
            _m("battery cell cost", "USD per kWh", 2, 64),
        ),
        years=(2012, 2024),
        events=(
            "introduced purchase subsidies for electric cars",
            "set a date to end sales of combustion cars",
            "imposed tariffs on imported electric vehicles",
            "required battery passports",
            "funded a national fast-charging corridor",
            "opened the first domestic gigafactory",
            "tightened fleet emission standards",
            "launched a battery recycling mandate",
        ),
        subjects=(
            "the purchase subsidy",
            "the combustion phase-out date",
            "the import tariffs",
            "the recycling mandate",
        ),
        concepts=(
            "charging access",
            "cell chemistry",
            "critical minerals",
            "battery recycling",
            "fleet electrification",
            "grid integration",
            "residual values",
        ),
        drivers=(
            "falling battery costs",
            "emission standards",
            "purchase incentives",
            "model availability",
            "fuel prices",
        ),
        risks=(
            "mineral supply concentration",
            "charging reliability",
            "subsidy withdrawal",
            "trade disputes",
            "battery fire incidents",
        ),
        sources=("vehicle registration data", "industry price surveys", "company capacity announcements"),
    ),
)

#: Topic-conditioned archetype preference (Appendix L.2); weights need not sum to one.
ARCHETYPE_PREFERENCE: dict[str, dict[str, float]] = {
    "geopolitics": {
        "editorial": 0.35,
        "magazine": 0.25,
        "academic": 0.2,
        "brutalist": 0.1,
        "infographic": 0.05,
        "dashboard": 0.05,
    },
    "economics": {
        "dashboard": 0.35,
        "academic": 0.25,
        "editorial": 0.15,
        "infographic": 0.1,
        "magazine": 0.1,
        "brutalist": 0.05,
    },
    "environmental science": {
        "infographic": 0.3,
        "academic": 0.3,
        "magazine": 0.2,
        "editorial": 0.1,
        "dashboard": 0.05,
        "brutalist": 0.05,
    },
    "technology": {
        "dashboard": 0.3,
        "brutalist": 0.25,
        "magazine": 0.2,
        "infographic": 0.15,
        "academic": 0.05,
        "editorial": 0.05,
    },
    "health": {
        "academic": 0.4,
        "infographic": 0.2,
        "dashboard": 0.15,
        "editorial": 0.15,
        "magazine": 0.05,
        "brutalist": 0.05,
    },
    "energy": {
        "dashboard": 0.3,
        "infographic": 0.3,
        "academic": 0.15,
        "magazine": 0.15,
        "editorial": 0.05,
        "brutalist": 0.05,
    },
    "society": {
        "editorial": 0.3,
        "magazine": 0.3,
        "infographic": 0.15,
        "brutalist": 0.1,
        "academic": 0.1,
        "dashboard": 0.05,
    },
}

#: Probability that the archetype follows the topic's preference rather than a uniform draw.
TOPIC_CONDITIONED_PROBABILITY = 0.6


#: Names that take a definite article inside a sentence ("in the Philippines").
_WITH_ARTICLE = frozenset(
    {
        "Philippines",
        "United States",
        "United Kingdom",
        "Netherlands",
        "European Union",
        "Great Barrier Reef",
        "Coral Triangle",
        "Andaman Sea",
        "Red Sea",
        "Maldives",
        "Chagos",
    }
)


def in_text(topic: Topic, entity: str) -> str:
    """How an entity reads inside a sentence: ``"the Philippines"``, ``"the Nile basin"``, ``"retail"``."""
    if topic.entity_kind == "basin":
        return f"the {entity} basin"
    if topic.entity_kind == "sector":
        return entity.lower()
    return f"the {entity}" if entity in _WITH_ARTICLE else entity


def all_topics() -> tuple[Topic, ...]:
    return _TOPICS


def topic_by_key(key: str) -> Topic:
    for topic in _TOPICS:
        if topic.key == key:
            return topic
    known = ", ".join(t.key for t in _TOPICS)
    raise KeyError(f"unknown topic {key!r}; choose one of {known}")


def choose_topic(rng: np.random.Generator) -> Topic:
    return _TOPICS[int(rng.integers(len(_TOPICS)))]


def choose_archetype(rng: np.random.Generator, domain: str, allowed: list[str]) -> str:
    """Topic-conditioned with probability 0.6, else uniform; always one of ``allowed``."""
    if not allowed:
        raise ValueError("no archetypes to choose from; set config.archetypes to at least one archetype")
    conditioned = rng.random() < TOPIC_CONDITIONED_PROBABILITY
    preference = ARCHETYPE_PREFERENCE.get(domain, {})
    weights = np.array([preference.get(a, 0.0) for a in allowed], dtype=float)
    if conditioned and weights.sum() > 0:
        return allowed[int(rng.choice(len(allowed), p=weights / weights.sum()))]
    return allowed[int(rng.integers(len(allowed)))]


@dataclass(frozen=True)
class Funnel:
    """A pipeline of the topic that things pass through stage by stage (a funnel chart)."""

    #: What moves through it ("grid connection requests") and its unit ("requests").
    noun: str
    unit: str
    scale: str
    stages: tuple[str, ...]


#: One pipeline per topic, so a funnel always belongs to its report's subject.
_FUNNELS: dict[str, Funnel] = {
    "energy-transition-sea": Funnel(
        "grid connection requests",
        "requests",
        "",
        ("Applications received", "Technically assessed", "Offers issued", "Agreements signed", "Connected"),
    ),
    "offshore-wind-europe": Funnel(
        "offshore wind projects",
        "projects",
        "",
        ("Sites leased", "Surveyed", "Consented", "Financed", "Commissioned"),
    ),
    "sahel-security": Funnel(
        "humanitarian funding requests",
        "requests",
        "",
        ("Requests received", "Assessed", "Approved", "Funded", "Delivered"),
    ),
    "arctic-geopolitics": Funnel(
        "Arctic shipping permits",
        "permits",
        "",
        ("Applications filed", "Ice-class checked", "Route approved", "Escort assigned", "Voyage completed"),
    ),
    "eurozone-inflation": Funnel(
        "bank loan applications",
        "applications",
        "",
        ("Applications received", "Credit-checked", "Approved", "Disbursed", "Repaid on schedule"),
    ),
    "latam-trade": Funnel(
        "export credit applications",
        "applications",
        "",
        ("Applications received", "Eligible", "Approved", "Disbursed", "Repaid on time"),
    ),
    "coral-reefs": Funnel(
        "reef restoration proposals",
        "proposals",
        "",
        ("Proposals submitted", "Screened", "Funded", "Corals outplanted", "Monitored"),
    ),
    "river-basins": Funnel(
        "water-use permit requests",
        "requests",
        "",
        ("Requests filed", "Hydrologically assessed", "Consulted", "Granted", "Metered"),
    ),
    "ai-adoption": Funnel(
        "AI projects",
        "projects",
        "",
        ("Ideas logged", "Prototyped", "Piloted", "Deployed", "Scaled"),
    ),
    "semiconductors": Funnel(
        "fab investment proposals",
        "proposals",
        "",
        (
            "Proposals announced",
            "Sites selected",
            "Subsidy approved",
            "Construction started",
            "Production started",
        ),
    ),
    "tb-control": Funnel(
        "people in the TB care pathway",
        "people",
        "thousand",
        ("Screened", "Tested", "Diagnosed", "Started treatment", "Completed treatment"),
    ),
    "ageing-care": Funnel(
        "care assessment requests",
        "requests",
        "",
        ("Requests received", "Assessed", "Eligible", "Care plan agreed", "Placed in care"),
    ),
    "urban-housing": Funnel(
        "housing applications",
        "applications",
        "",
        ("Applications received", "Eligible", "Shortlisted", "Offered", "Housed"),
    ),
    "digital-education": Funnel(
        "school device requests",
        "requests",
        "",
        ("Requests logged", "Approved", "Devices ordered", "Devices delivered", "In daily use"),
    ),
    "food-security": Funnel(
        "smallholder input vouchers",
        "vouchers",
        "thousand",
        ("Farmers registered", "Vouchers issued", "Vouchers redeemed", "Inputs applied", "Harvest reported"),
    ),
    "ev-batteries": Funnel(
        "battery plant projects",
        "projects",
        "",
        ("Announced", "Site secured", "Permitted", "Under construction", "Producing"),
    ),
}


def funnel_of(topic: Topic) -> Funnel:
    """The topic's own pipeline for a funnel chart."""
    funnel = _FUNNELS.get(topic.key)
    if funnel is None:
        raise KeyError(f"topic {topic.key!r} has no funnel in generation/topics.py; add one to _FUNNELS")
    return funnel
