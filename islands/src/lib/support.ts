// The support popup's words and the custom amount's rules.
// No payment is processed: choosing an amount only thanks the visitor.
import { parseValue } from './format.ts';

export const DONATION_PRESETS = [3, 5, 10, 20] as const;
export const CUSTOM_MIN = 1;
export const CUSTOM_MAX = 1000;

/** Why a custom amount cannot be used, or undefined when it can. */
export function customAmountError(text: string): string | undefined {
  if (text.trim() === '') return 'Enter an amount in US dollars.';
  const n = parseValue(text);
  if (n === null) return 'Enter an amount as a number, like 7.50.';
  if (n < CUSTOM_MIN) return `The smallest amount is $${CUSTOM_MIN}.`;
  if (n > CUSTOM_MAX) return `The largest amount is $${CUSTOM_MAX.toLocaleString('en-US')}.`;
  if (Math.abs(n * 100 - Math.round(n * 100)) > 1e-6) return 'Use at most two decimals (whole cents).';
  return undefined;
}

/** The thank-you toast: 'Your $5 donation …', or 'Your custom donation …' for a custom amount. */
export function thankYou(choice: number | 'custom'): { title: string; description: string } {
  const what = choice === 'custom' ? 'custom' : `$${choice}`;
  return {
    title: 'Thank you for your support! ❤️',
    description: `Your ${what} donation helps keep our converters free and fast.`,
  };
}

export const PREMIUM_TOAST = {
  title: 'Premium Features Coming Soon! 🚀',
  description: 'Get notified when premium features launch with exclusive early access.',
};
