import {
  useCallback,
  useRef,
  type ChangeEvent,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type RefObject,
} from 'react';
import { flushSync } from 'react-dom';
import {
  DOUBLE_FIGURES,
  readScoreText,
  sanitizeScore,
  scoreValue,
  stepScore,
  typeDigit,
} from '../../../game/score-input';

export interface ScoreBoxOptions {
  value: string;
  max: number;
  /** The box's new score: typed, stepped (+ / −, arrow keys) or edited (Backspace, Delete). */
  onValue: (value: string) => void;
  /** Text with both scores in it ("2-1", or "21" read as typed) arrived in this box. */
  onPair: (home: string, away: string) => void;
  /** Text arrived that is no score of 0 to max ("2-25", "123"): nothing changes. */
  onUnreadable: () => void;
  /** Enter in the box; without it Enter does what the browser does (submits the modal's form). */
  onEnter?: () => void;
  /** Where focus goes after a typed digit; null to stay in this box, selected, so the next digit replaces it. */
  next: (input: HTMLInputElement) => HTMLElement | null;
  /** Where focus goes once both scores came in one piece. */
  afterPair: (input: HTMLInputElement) => HTMLElement | null;
  inputRef?: RefObject<HTMLInputElement | null>;
}

const isDouble = (v: string) => (scoreValue(v) ?? 0) >= DOUBLE_FIGURES;

/**
 * A score box's behaviour, the same in the quick entry and the modal (decision 0039): every
 * insertion (a key, a phone keypad's insertText, a paste, a drop) is taken over before the browser
 * applies it, so the box holds exactly what `typeDigit` / `readScoreText` make of it and never a
 * digit appended by accident. A typed digit moves focus on; a double-figure score stays, selected,
 * for the player to confirm or retype. Deletions go through the browser (then `onChange`).
 */
export function useScoreBox(opts: ScoreBoxOptions) {
  const latest = useRef(opts);
  latest.current = opts;
  // A pointer press that focuses the box: its mouseup must not undo the select-all of the focus.
  const selectOnMouseUp = useRef(false);

  const ref = useCallback((input: HTMLInputElement | null) => {
    const external = latest.current.inputRef;
    if (external) external.current = input;
    if (!input) return;

    // Focus is decided after the change is on screen (flushSync), with that render's options.
    const typed = (value: string) => {
      flushSync(() => latest.current.onValue(value));
      const target = isDouble(value) ? null : latest.current.next(input);
      if (target) target.focus();
      else input.select();
    };
    const text = (content: string) => {
      const o = latest.current;
      const read = readScoreText(content, o.max);
      if (!read) return;
      if (read.kind === 'invalid') o.onUnreadable();
      else if (read.kind === 'one') typed(read.value);
      else {
        flushSync(() => o.onPair(read.home, read.away));
        const target = isDouble(read.home) || isDouble(read.away) ? null : latest.current.afterPair(input);
        if (target) target.focus();
        else input.select();
      }
    };
    const onBeforeInput = (e: InputEvent) => {
      const type = e.inputType;
      // The boxes' values are ours: the browser's own undo would bring back text we refused.
      if (type === 'historyUndo' || type === 'historyRedo') {
        e.preventDefault();
        return;
      }
      // An IME's composition cannot be cancelled: onChange reads what it leaves. Deletions pass.
      if (!type.startsWith('insert') || type === 'insertCompositionText') return;
      e.preventDefault();
      const content = e.data ?? e.dataTransfer?.getData('text/plain') ?? '';
      if (type === 'insertText' && /^[0-9]$/.test(content)) {
        typed(
          typeDigit(
            { value: input.value, selectionStart: input.selectionStart, selectionEnd: input.selectionEnd },
            content,
            latest.current.max,
          ),
        );
      } else {
        text(content);
      }
    };
    const onPaste = (e: ClipboardEvent) => {
      e.preventDefault();
      text(e.clipboardData?.getData('text') ?? '');
    };
    input.addEventListener('beforeinput', onBeforeInput);
    input.addEventListener('paste', onPaste);
    return () => {
      input.removeEventListener('beforeinput', onBeforeInput);
      input.removeEventListener('paste', onPaste);
      if (external) external.current = null;
    };
  }, []);

  const step = (input: HTMLInputElement, by: 1 | -1) => {
    const o = latest.current;
    flushSync(() => o.onValue(stepScore(o.value, by, o.max)));
    // Selected, so a digit typed next replaces the stepped score rather than joining it.
    input.select();
  };

  return {
    ref,
    value: opts.value,
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      // What reaches here went past beforeinput: a deletion, or an IME's composed text.
      const v = sanitizeScore(e.target.value);
      if (v !== '' && Number(v) > opts.max) return;
      opts.onValue(v);
    },
    onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => {
      if (e.key === 'Enter' && opts.onEnter) {
        e.preventDefault();
        opts.onEnter();
      } else if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
        e.preventDefault();
        step(e.currentTarget, e.key === 'ArrowUp' ? 1 : -1);
      } else if (e.key.length === 1 && !/^[0-9]$/.test(e.key) && !e.ctrlKey && !e.metaKey && !e.altKey) {
        e.preventDefault();
      }
    },
    onFocus: (e: FocusEvent<HTMLInputElement>) => e.currentTarget.select(),
    onMouseDown: (e: MouseEvent<HTMLInputElement>) => {
      selectOnMouseUp.current = document.activeElement !== e.currentTarget;
    },
    onMouseUp: (e: MouseEvent<HTMLInputElement>) => {
      if (selectOnMouseUp.current) e.preventDefault();
      selectOnMouseUp.current = false;
    },
  };
}

const STEP_BUTTON =
  'flex h-9 w-9 shrink-0 items-center justify-center rounded-lg border border-slate-300 bg-white text-lg font-bold text-slate-800 hover:bg-slate-100 disabled:opacity-40';

/**
 * − or + beside a score, for a pointer or a thumb. Out of the tab order: from the keyboard the box
 * itself takes digits and the arrow keys.
 */
export function StepButton({
  by,
  name,
  value,
  max,
  onStep,
}: {
  by: 1 | -1;
  name: string;
  value: string;
  max: number;
  onStep: (v: string) => void;
}) {
  const n = scoreValue(value);
  const disabled = by === -1 ? n === 0 : n !== null && n >= max;
  return (
    <button
      type="button"
      tabIndex={-1}
      className={STEP_BUTTON}
      aria-label={`${by === 1 ? 'Increase' : 'Decrease'} ${name} goals`}
      disabled={disabled}
      onClick={() => onStep(stepScore(value, by, max))}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 16 16"
        className="h-4 w-4"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
      >
        <path d={by === 1 ? 'M3 8h10M8 3v10' : 'M3 8h10'} />
      </svg>
    </button>
  );
}
