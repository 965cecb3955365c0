import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FORM_LIMITS } from '../../../edge/src/config.ts';
import { LIMITS as SHARED_LIMITS } from '../generated/units.ts';
import { CONTACT_SUBJECTS, LIMITS, contactFieldError, emailError, submitForm, trimmed, validateContact } from './validate.ts';

test('limits match the edge function, which checks them again; the subjects are the form\'s', () => {
  // Both read content/units.yaml's limits through the generated module.
  assert.deepEqual(LIMITS, { name: SHARED_LIMITS.nameChars, email: SHARED_LIMITS.emailChars, message: SHARED_LIMITS.messageChars });
  assert.deepEqual({ name: FORM_LIMITS.name, email: FORM_LIMITS.email, message: FORM_LIMITS.message }, LIMITS);
  // Every subject the select offers is accepted (by the edge too: it reads formRules.ts's
  // list), a label or an unknown value is not.
  for (const s of CONTACT_SUBJECTS) assert.equal(contactFieldError('subject', s.value), undefined, s.value);
  for (const s of CONTACT_SUBJECTS) assert.equal(contactFieldError('subject', s.label), 'Please choose a subject.', s.label);
});

test('email: one visible address, or a sentence saying what is wrong', () => {
  for (const ok of ['a@b.co', ' name.surname+tag@mail.example.org ', 'ü@exämple.de', 'o\'neil@example.ie', 'x@xn--bcher-kva.example', `${'x'.repeat(245)}@b.co`]) {
    assert.equal(emailError(ok), undefined, ok);
  }
  const shape = 'Please enter a valid email address, like name@example.com.';
  const one = 'Please enter one email address only.';
  const hidden = 'Please remove the invisible or control characters from the address (they often come along when it is pasted).';
  const cases: [string, string][] = [
    ['', 'Please enter your email address.'],
    ['plain', shape], ['a@b', shape], ['@b.co', shape], ['a@.', shape], ['a b@c.de', shape], ['a@b.c', shape], ['a@-b.co', shape],
    ['<img/src=x/onerror=alert(1)>@x.yz', shape], ['"a"@b.co', shape], ['a@[127.0.0.1]', shape],
    ['ada@example.org,evil', one], ['ada@example.org; bob@example.org', one], ['a@b@c.de', one], ['ada@example.org bob@example.org', one],
    ['ada@example.org\u200b', hidden], ['a@b.c\u0000', hidden], ['ada\u202e@example.org', hidden], ['ada@exam\u2028ple.org', hidden], ['\ud800a@b.co', hidden],
    [`${'x'.repeat(250)}@b.co`, 'Email addresses can be at most 254 characters.'],
  ];
  for (const [value, message] of cases) assert.equal(emailError(value), message, JSON.stringify(value));
});

test('names: no line breaks, invisible or text-direction characters', () => {
  for (const ok of ['Ada Lovelace', 'Zoë O’Brien-Smith', '李小龍', 'محمد', '<b>Ada</b>']) assert.equal(contactFieldError('name', ok), undefined, ok);
  for (const bad of ['Ada\nLovelace', 'Ada\u2028Lovelace', 'Ada\u2029Byron', 'evil\u202Egnp.exe', 'A\u200Bda', 'Ada\u2066x\u2069', 'Ada\u0007']) {
    assert.equal(contactFieldError('name', bad), 'Please remove line breaks and invisible or text-direction characters from your name.', JSON.stringify(bad));
  }
});

test('every contact field is required and checked', () => {
  const empty = validateContact({ name: '', email: '', subject: '', message: '  ' });
  assert.deepEqual(Object.keys(empty), ['name', 'email', 'subject', 'message']);
  assert.equal(empty.subject, 'Please choose a subject.');
  assert.deepEqual(validateContact({ name: 'Ada', email: 'ada@example.com', subject: 'bug', message: 'Line one\nline two\ttab' }), {});
  assert.match(contactFieldError('name', 'x'.repeat(101))!, /at most 100/);
  assert.match(contactFieldError('name', 'Ada\nLovelace')!, /line breaks/);
  assert.equal(contactFieldError('subject', 'spam'), 'Please choose a subject.');
  assert.match(contactFieldError('message', 'x'.repeat(5001))!, /at most 5000 characters \(yours has 5001\)/);
  assert.match(contactFieldError('message', 'bell\u0007')!, /control characters/);
});

test('trimmed', () => {
  assert.deepEqual(trimmed({ a: ' x ', b: 'y\n' }), { a: 'x', b: 'y' });
});

function answer(status: number, body: unknown): typeof fetch {
  return async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

test('submitForm reads every answer the edge function gives', async () => {
  const sent: RequestInit[] = [];
  const spy: typeof fetch = async (_u, init) => {
    sent.push(init!);
    return new Response('{"result":"success"}', { status: 200 });
  };
  assert.deepEqual(await submitForm('/api/subscribe', { email: 'a@b.co' }, spy), { kind: 'sent' });
  assert.equal(sent[0].method, 'POST');
  assert.equal((sent[0].headers as Record<string, string>)['Content-Type'], 'application/json');
  assert.equal(sent[0].body, '{"email":"a@b.co"}');
  assert.deepEqual(
    await submitForm('/api/contact', {}, answer(400, { result: 'error', 'error-type': 'invalid-field', field: 'email' })),
    { kind: 'invalid', field: 'email' },
  );
  assert.deepEqual(await submitForm('/api/contact', {}, answer(503, { result: 'error', 'error-type': 'not-configured' })), { kind: 'unavailable' });
  assert.deepEqual(await submitForm('/api/contact', {}, answer(502, 'Bad gateway')), { kind: 'unavailable' });
  assert.deepEqual(await submitForm('/api/contact', {}, answer(502, { result: 'error', 'error-type': 'delivery-unknown' })), { kind: 'unknown' });
  assert.deepEqual(await submitForm('/api/contact', {}, answer(413, { 'error-type': 'payload-too-large' })), { kind: 'refused' });
  assert.deepEqual(await submitForm('/api/contact', {}, answer(400, { 'error-type': 'malformed-request' })), { kind: 'refused' });
  const offline: typeof fetch = async () => {
    throw new TypeError('Failed to fetch');
  };
  assert.deepEqual(await submitForm('/api/contact', {}, offline), { kind: 'network' });
});
