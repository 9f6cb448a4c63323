import { forwardRef, useState, type InputHTMLAttributes } from 'react';

/** A password field with a Show/Hide toggle (the toggle is a real button, reachable by keyboard). */
export const PasswordInput = forwardRef<
  HTMLInputElement,
  Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: string }
>(function PasswordInput({ label, className, ...props }, ref) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input ref={ref} type={visible ? 'text' : 'password'} className={`input pr-16 ${className ?? ''}`} {...props} />
      <button
        type="button"
        className="absolute inset-y-0 right-0 flex items-center rounded-r-lg px-3 text-sm font-semibold text-brand-800 hover:text-brand-900"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
        aria-pressed={visible}
        disabled={props.disabled}
      >
        {visible ? 'Hide' : 'Show'}
      </button>
    </div>
  );
});
