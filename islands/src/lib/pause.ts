/**
 * How long typing must pause before what is said about it changes: a card's Value message
 * and its announced Result, the batch summary, the search box's status. A screen reader then
 * hears each once, not once per key.
 */
export const MESSAGE_PAUSE_MS = 700;
