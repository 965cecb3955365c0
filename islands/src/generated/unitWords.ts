// Generated from content/units.yaml by `unitly build` (src/generated.rs). Do not edit:
// edit content/units.yaml and build. `cargo test` fails when this file is stale.

import type { CategoryKey } from './units.ts';

/** Each category's units as [key, symbol, ...aliases]: every word a Value field reads. */
export const UNIT_WORDS = {
  "length": [
    ["millimeters", "mm", "millimeter", "millimetre", "millimetres"],
    ["centimeters", "cm", "centimeter", "centimetre", "centimetres"],
    ["meters", "m", "meter", "metre", "metres"],
    ["kilometers", "km", "kilometer", "kilometre", "kilometres", "kms"],
    ["inches", "in", "inch", "\"", "″", "''"],
    ["feet", "ft", "foot", "'", "′"],
    ["yards", "yd", "yard"],
    ["miles", "mi", "mile"],
  ],
  "weight": [
    ["milligrams", "mg", "milligram", "milligramme", "milligrammes"],
    ["grams", "g", "gram", "gramme", "grammes"],
    ["kilograms", "kg", "kilogram", "kilogramme", "kilo", "kilos", "kgs"],
    ["tons", "t", "tonne", "tonnes", "metric ton", "metric tons"],
    ["ounces", "oz", "ounce"],
    ["pounds", "lb", "pound", "lbs"],
    ["stones", "st", "stone"],
    ["us_tons", "ton", "us ton", "short ton", "short tons"],
    ["uk_tons", "LT", "uk ton", "long ton", "long tons"],
  ],
  "temperature": [
    ["celsius", "°C", "C", "degC", "degrees celsius", "centigrade"],
    ["fahrenheit", "°F", "F", "degF", "degrees fahrenheit"],
    ["kelvin", "K", "K", "kelvins"],
    ["rankine", "°R", "R", "degR", "degrees rankine"],
  ],
  "volume": [
    ["milliliters", "mL", "milliliter", "millilitre", "millilitres"],
    ["liters", "L", "liter", "litre", "litres"],
    ["cubic_meters", "m³", "cubic meter", "cubic metre", "cubic metres"],
    ["teaspoons", "tsp", "teaspoon", "tsps"],
    ["tablespoons", "tbsp", "tablespoon", "tbsps", "tbs"],
    ["fluid_ounces", "fl oz", "fluid ounce", "us fl oz"],
    ["cups", "cup", "us cup", "us cups"],
    ["pints", "pt", "pint", "us pint", "us pints"],
    ["quarts", "qt", "quart", "us quart", "us quarts"],
    ["gallons", "gal", "gallon", "us gallon", "us gallons"],
    ["imperial_fluid_ounces", "imp fl oz", "imperial fluid ounce", "uk fl oz"],
    ["imperial_pints", "imp pt", "imperial pint", "uk pint", "uk pints"],
    ["imperial_gallons", "imp gal", "imperial gallon", "uk gallon", "uk gallons"],
  ],
  "area": [
    ["square_millimeters", "mm²", "square millimeter", "square millimetre", "sq mm"],
    ["square_centimeters", "cm²", "square centimeter", "square centimetre", "sq cm"],
    ["square_meters", "m²", "square meter", "square metre", "square metres", "sq m"],
    ["hectares", "ha", "hectare"],
    ["square_kilometers", "km²", "square kilometer", "square kilometre", "sq km"],
    ["square_inches", "in²", "square inch", "sq in"],
    ["square_feet", "ft²", "square foot", "sq ft", "sqft"],
    ["square_yards", "yd²", "square yard", "sq yd"],
    ["acres", "ac", "acre"],
  ],
} as const satisfies Record<CategoryKey, readonly (readonly string[])[]>;
