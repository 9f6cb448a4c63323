import { describe, expect, it } from 'vitest';
import { downloadName } from './api';

describe('the download’s file name', () => {
  it('is the one the server names', () => {
    expect(downloadName('attachment; filename="scoreline-my-data-2025-08-20.json"')).toBe(
      'scoreline-my-data-2025-08-20.json',
    );
  });
  it('falls back to a plain name, never a path', () => {
    expect(downloadName(null)).toBe('scoreline-my-data.json');
    expect(downloadName('attachment; filename="../../etc/passwd"')).toBe('scoreline-my-data.json');
    expect(downloadName('attachment')).toBe('scoreline-my-data.json');
  });
});
