// Generated from content/units.yaml by `unitly build` (src/generated.rs). Do not edit:
// edit content/units.yaml and build. `cargo test` fails when this file is stale.

/** Characters the Value field reads as numbers, operators or punctuation: never part of a unit word. */
export const NOT_IN_WORDS = "0123456789+-−–*×·/÷⁄()^.,;:=!?<>[]{}|\\½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅐⅛⅜⅝⅞⅑⅒→";

/** Unit words up to this many characters may differ only in case and name two units (mg, Mg). */
export const CASE_SYMBOL_CHARS = 4;

/** Longer words (their keys) that may differ only in case and name two units (Calories, calories). */
export const CASE_WORDS: readonly string[] = ["calorie","calories"];

/** A unit word without such characters has at most this many words (cubic meters per hour). */
export const MAX_WORDS = 4;

/** [exact form, category, unit]: a word this unit shares with a unit of another category, which keeps it when no card or other unit decides (units.yaml `shared`). */
export const SHARED_WORDS: readonly (readonly [string, string, string])[] = [["pt","length","points"],["pts","length","points"],["k","numbers","thousands"],["L","numbers","lakhs"],["C","electric_charge","coulombs"],["F","capacitance","farads"],["G","magnetic_flux_density","gauss"],["mrad","absorbed_dose","millirads"],["rad","absorbed_dose","rads"]];
