// Generated from content/units.yaml by `unitly build` (src/generated.rs). Do not edit:
// edit content/units.yaml and build. `cargo test` fails when this file is stale.

/** Every unit category, in the order of content/units.yaml. */
export const CATEGORY_KEYS = ["length", "weight", "temperature", "volume", "area", "time", "numbers", "angle", "digital_storage", "force", "speed", "pressure", "energy", "power", "frequency", "fuel_economy", "data_transfer_rate", "linear_density", "density", "molar_concentration", "hba1c", "spring_rate", "torque", "flow_rate", "mass_flow_rate", "electric_charge", "electric_current", "voltage", "electrical_resistance", "capacitance", "inductance", "electrical_conductivity", "magnetic_field_strength", "magnetic_flux_density", "acceleration", "illuminance", "luminance", "radioactivity", "absorbed_dose", "radiation_dose", "radiation_dose_rate", "thermal_insulation", "irradiance", "thermal_conductivity", "specific_heat_capacity", "dynamic_viscosity", "kinematic_viscosity"] as const;
export type CategoryKey = (typeof CATEGORY_KEYS)[number];

/** Each category's label, as history entries and toasts name it. */
export const CATEGORY_LABELS = {
  "length": "Length",
  "weight": "Weight",
  "temperature": "Temperature",
  "volume": "Volume",
  "area": "Area",
  "time": "Time",
  "numbers": "Numbers",
  "angle": "Angle",
  "digital_storage": "Digital Storage",
  "force": "Force",
  "speed": "Speed",
  "pressure": "Pressure",
  "energy": "Energy",
  "power": "Power",
  "frequency": "Frequency",
  "fuel_economy": "Fuel Economy",
  "data_transfer_rate": "Data Transfer Rate",
  "linear_density": "Linear Density",
  "density": "Density",
  "molar_concentration": "Molar Concentration",
  "hba1c": "HbA1c",
  "spring_rate": "Spring Rate and Surface Tension",
  "torque": "Torque",
  "flow_rate": "Flow Rate",
  "mass_flow_rate": "Mass Flow Rate",
  "electric_charge": "Electric Charge",
  "electric_current": "Electric Current",
  "voltage": "Voltage",
  "electrical_resistance": "Electrical Resistance",
  "capacitance": "Capacitance",
  "inductance": "Inductance",
  "electrical_conductivity": "Electrical Conductivity",
  "magnetic_field_strength": "Magnetic Field Strength",
  "magnetic_flux_density": "Magnetic Flux Density",
  "acceleration": "Acceleration",
  "illuminance": "Illuminance",
  "luminance": "Luminance",
  "radioactivity": "Radioactivity",
  "absorbed_dose": "Absorbed Dose",
  "radiation_dose": "Radiation Dose",
  "radiation_dose_rate": "Radiation Dose Rate",
  "thermal_insulation": "Thermal Insulation",
  "irradiance": "Irradiance and Heat Flux",
  "thermal_conductivity": "Thermal Conductivity",
  "specific_heat_capacity": "Specific Heat Capacity",
  "dynamic_viscosity": "Dynamic Viscosity",
  "kinematic_viscosity": "Kinematic Viscosity",
} as const satisfies Record<CategoryKey, string>;
export type CategoryLabel = (typeof CATEGORY_LABELS)[CategoryKey];

/** Every currency the site converts: the card offers them, the edge accepts them. */
export const CURRENCY_CODES = ["USD", "EUR", "GBP", "JPY", "CAD", "AUD", "CHF", "CNY", "INR", "BRL"] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

/** Every ISO 4217 code of the currency catalog (islands/src/generated/currencies.json), space-separated: with no rate table to look in, the edge still knows any other code is no currency. */
export const CURRENCY_CATALOG_CODES = "AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD CAD CDF CHF CLP CNY COP CRC CUC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HRK HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SLL SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VES VND VUV WST XAF XCD XCG XDR XOF XPF XSU YER ZAR ZMW ZWG ZWL";

/** The pair the currency card opens on when its page or address names none. */
export const CURRENCY_DEFAULT = { from: "USD", to: "EUR" } as const satisfies { from: CurrencyCode; to: CurrencyCode };

/** The currency every rate crosses: the edge fetches only its table, and a pair with no rate of its own converts across it. */
export const RATES_BASE = "USD";

/** The systems a unit belongs to (`system:` of every unit). */
export const UNIT_SYSTEMS = ["metric", "imperial", "other"] as const;
export type UnitSystem = (typeof UNIT_SYSTEMS)[number];

/** What the converters and the edge both enforce: the largest currency Amount, form field lengths. */
export const LIMITS = {
  maxAmount: 1000000000000,
  nameChars: 100,
  emailChars: 254,
  messageChars: 5000,
} as const;

/** Kitchen measures (`cooking: true`): the card can show their results as fractions. */
export const COOKING_UNITS: readonly string[] = ["metric_tablespoons", "australian_tablespoons", "metric_cups", "teaspoons", "tablespoons", "fluid_ounces", "cups", "imperial_cups"];

/** Units whose symbol is a word (`plural:`): the symbol after any number but one or a proper fraction (lib/singular.ts), by key. */
export const PLURAL_SYMBOLS: Readonly<Record<string, string>> = { "slugs": "slugs", "us_tons": "tons", "metric_cups": "metric cups", "cups": "cups", "imperial_cups": "imp cups", "roods": "roods", "cents": "cents", "fortnights": "fortnights", "decades": "decades", "centuries": "centuries", "millennia": "millennia", "kips": "kips", "suns": "suns" };

/** Unit keys renamed since addresses, favourites and history saved them (`formerly`): category → old key → key. */
export const FORMER_UNIT_KEYS: Readonly<Record<string, Readonly<Record<string, string>>>> = { "weight": { "tons": "tonnes" } };

/** The Cooking converter's name (content/ingredients.yaml), as its history entries say it; null without one. */
export const COOKING_LABEL = "Cooking" as const;
