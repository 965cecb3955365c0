// Which mailbox an address reaches, for the newsletter's rule of one confirmation request
// per mailbox a day (and one confirmation per link): spellings that land in the same inbox
// count as one, so `victim+1@` and `v.ictim@` cannot each send the owner a mail.
//  - Lower case throughout (mail providers ignore case), the mailbox name in Unicode NFC and
//    the domain in its ASCII (IDNA) form, so `exämple.de` and `xn--exmple-cua.de` agree.
//  - A `+tag` is dropped for every domain: Gmail, Outlook, iCloud, Fastmail, Proton and
//    most mail servers deliver `name+tag@` to `name@`. Where a server does not, merging two
//    addresses only makes the rule stricter for them, never looser.
//  - Dots in the name are dropped where the provider ignores them: gmail.com (and its
//    other name googlemail.com).
// The address the visitor typed is the one the confirmation mail goes to; this is a key.
const SAME_AS: Record<string, string> = { "googlemail.com": "gmail.com" };
const DOTS_IGNORED = new Set(["gmail.com"]);

export function mailbox(email: string): string {
  const at = email.lastIndexOf("@");
  let name = email.slice(0, at).normalize("NFC").toLowerCase();
  let domain = email.slice(at + 1).toLowerCase().replace(/\.$/, "");
  try {
    domain = new URL(`http://${domain}`).hostname;
  } catch {
    // not a host name the URL parser takes: kept as written (lower case)
  }
  domain = SAME_AS[domain] ?? domain;
  const plus = name.indexOf("+");
  if (plus > 0) name = name.slice(0, plus);
  if (DOTS_IGNORED.has(domain)) name = name.replace(/\./g, "");
  return `${name}@${domain}`;
}
