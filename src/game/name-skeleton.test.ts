import { describe, expect, it } from 'vitest';
import { CONFUSABLE_ENTRIES } from './confusables-table.js';
import { nameSkeleton } from './name-skeleton.js';

const same = (a: string, b: string) => expect(nameSkeleton(a), `${a} / ${b}`).toBe(nameSkeleton(b));
const different = (a: string, b: string) => expect(nameSkeleton(a), `${a} / ${b}`).not.toBe(nameSkeleton(b));

describe('nameSkeleton (UTS #39 with case, accents and spacing folded)', () => {
  it('is one skeleton for a name and its invisible variants', () => {
    for (const ch of [
      '\u2061',
      '\u2062',
      '\u2063',
      '\u2064',
      '\u00AD',
      '\u180E',
      '\u200B',
      '\u{E0041}',
      '\u3164',
      '\uFE0F',
    ])
      same('Bob United', `Bob ${ch}United${ch}`);
  });

  it('is one skeleton for look-alike letters of other scripts', () => {
    same('Bob United', '\u0412ob United'); // Cyrillic В
    same('AdminTeam', '\u0410dminTeam'); // Cyrillic А
    same('Yes', 'Y\u0435s'); // Cyrillic е
    same('Yes', '\u04AEes'); // Cyrillic Ү
    same('POP', '\u0420\u041E\u0420'); // Cyrillic Р, О
    same('Ajax', '\u0391jax'); // Greek Α
    same('scope', '\u0455\u0441\u043E\u0440\u0435'); // all Cyrillic
  });

  it('is one skeleton for look-alikes within Latin and digits', () => {
    same('Bob United', 'B0b United');
    same('AdminTeam', 'ADM1NTEAM');
    same('Team', 'Tearn');
    same('Bill', 'B|ll');
  });

  it('folds case, accents, compatibility forms and spacing as before', () => {
    same('Big Screen FC', '  BIG   screen fc ');
    same('Big Screen FC', 'Bíg Scrèen FC');
    same('Big Screen FC', 'Ｂｉｇ Screen FC');
    same('Straße United', 'STRASSE UNITED');
    same('Bob United', 'Bob\u3000United');
    same('Bob United', 'Bob\u2800United');
  });

  it('keeps apart names a reader tells apart', () => {
    different('Big Screen FC', 'Big Screen FC 2');
    different('Bigscreen FC', 'Big Screen FC');
    different('Arsenal Fans', 'Chelsea Fans');
    different('Yes', 'No');
    different('نادي الأبطال', 'نادي');
    different('東京 FC', '京都 FC');
  });

  it('is empty for a name that shows nothing', () => {
    expect(nameSkeleton('\u3164')).toBe('');
    expect(nameSkeleton('\u2800 \u115F\u1160\uFFA0\u2063')).toBe('');
  });

  it('is stable: the skeleton of a skeleton is itself for plain names', () => {
    for (const name of ['Bob United', 'AdminTeam', 'Вig Screen FC', 'Straße'])
      expect(nameSkeleton(nameSkeleton(name))).toBe(nameSkeleton(name));
  });

  it('reads every table entry as one character and its prototype', () => {
    expect(CONFUSABLE_ENTRIES.length).toBeGreaterThan(1000);
    for (const entry of CONFUSABLE_ENTRIES) expect([...entry].length, entry).toBeGreaterThanOrEqual(1);
  });
});
