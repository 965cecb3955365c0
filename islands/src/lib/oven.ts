// "180°C fan", "200c fan to f": UK and Australian recipes give a fan (convection) oven's
// setting with the word after it. The temperature converts as any other; the word only says
// which oven, and the note says how the two differ, so a cook with a conventional oven knows
// to set it higher (content/converters/celsius-fahrenheit.md, Oven temperatures).

/** The note a fan oven's temperature gets. */
export const FAN_NOTE = 'a fan or convection oven is usually set about 20 °C or 25 °F lower than a conventional one';

/** "fan", "fan-forced", "fan oven", "convection" after a number and its scale. */
const FAN = /(?<=\d\s*(?:°|º|deg(?:rees?)?)?\s*(?:c|f|celsius|fahrenheit|centigrade)?\.?)\s*\b(?:fan(?:[- ]?(?:forced|assisted))?(?:\s+ovens?)?|convection(?:\s+ovens?)?)\b/iu;

/** The query without its fan word ("180°C fan to f" is "180°C to f"), or null when it has none. */
export function withoutFan(query: string): string | null {
  return FAN.test(query) ? query.replace(FAN, '').replace(/\s+/gu, ' ').trim() : null;
}

/** "180 °C = 356 °F" with the fan note added to its notes: "180 °C = 356 °F (a fan … oven …)". */
export function withFanNote(text: string): string {
  return text.endsWith(')') ? `${text.slice(0, -1)}; ${FAN_NOTE})` : `${text} (${FAN_NOTE})`;
}
