import { afterEach, expect, test, vi } from 'vitest';

const info = vi.fn();
vi.mock('sonner', () => ({ toast: { info } }));
vi.mock('virtual:pwa-register', () => ({ registerSW: vi.fn() }));

afterEach(() => info.mockReset());

test('a new build is announced until used, and its Reload brings the new version in', async () => {
  const { announceUpdate } = await import('./register');
  const { UPDATE_READY_TEXT } = await import('./texts');
  const reload = vi.fn();
  announceUpdate(reload);
  expect(info).toHaveBeenCalledTimes(1);
  const [text, options] = info.mock.calls[0] as [
    string,
    { duration: number; action: { label: string; onClick: () => void } },
  ];
  expect(text).toBe(UPDATE_READY_TEXT);
  expect(options.duration).toBe(Infinity);
  expect(options.action.label).toBe('Reload');
  expect(reload).not.toHaveBeenCalled();
  options.action.onClick();
  expect(reload).toHaveBeenCalledTimes(1);
});
