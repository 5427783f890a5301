// @ts-nocheck
import { describe, expect, it } from 'vitest';
import { STATIC_KEYS, scanMacros } from './macros.ts';

const scan = (s: string) => [...scanMacros(s)];

describe('scanMacros: the message syntax', () => {
  it('finds static, dynamic and live tags between text', () => {
    expect(scan('Hi [name], {greeting} {Hello|Howdy} [email]!')).toEqual([
      { type: 'text', text: 'Hi ' },
      { type: 'static', key: 'name' },
      { type: 'text', text: ', ' },
      { type: 'dynamic', name: 'greeting', raw: '{greeting}' },
      { type: 'text', text: ' ' },
      { type: 'live', options: ['Hello', 'Howdy'] },
      { type: 'text', text: ' ' },
      { type: 'static', key: 'email' },
      { type: 'text', text: '!' },
    ]);
  });

  it.each([
    ['an unknown [word]', 'an unknown [word]'],
    ['a lone [ or {', 'a lone [ or {'],
    ['{{ mustache }} stays', '{{ mustache }} stays'],
    ['braces across {\nlines}', 'braces across {\nlines}'],
    ['{}', '{}'],
  ])('leaves %j as text', (input, text) => {
    expect(scan(input)).toEqual([{ type: 'text', text }]);
  });

  it('keeps static tags inside a live tag for the renderer', () => {
    expect(scan('{Hi [name]|Hello}')).toEqual([{ type: 'live', options: ['Hi [name]', 'Hello'] }]);
  });

  it('knows the tags every tracked link needs', () => {
    for (const key of ['uuid', 'junk', 'click_id', 'offer', 'unsub', 'pixel']) expect(STATIC_KEYS.has(key)).toBe(true);
  });
});
