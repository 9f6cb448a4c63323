import { useId, useState } from 'react';
import { SEASON_FILE_MAX_CHARS, SEASON_FILE_MESSAGES, type SeasonFileUpload } from '../../../../contract/admin-seasons';

/** A season file picker (Football.TXT or openfootball JSON) that reads the chosen file as text, refusing one that is too large before it is sent. */
export function SeasonFileInput({
  label,
  onFile,
  disabled,
}: {
  label: string;
  onFile: (file: SeasonFileUpload | null) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept=".txt,.json,text/plain,application/json"
        className="input"
        disabled={disabled}
        aria-describedby={error ? `${id}-error` : `${id}-help`}
        aria-invalid={error ? true : undefined}
        onChange={async (e) => {
          const file = e.target.files?.[0];
          setError(null);
          if (!file) return onFile(null);
          if (file.size > SEASON_FILE_MAX_CHARS * 4) {
            setError(SEASON_FILE_MESSAGES.tooLarge);
            return onFile(null);
          }
          const content = await file.text();
          if (content.length > SEASON_FILE_MAX_CHARS) {
            setError(SEASON_FILE_MESSAGES.tooLarge);
            return onFile(null);
          }
          onFile({ fileName: file.name, content });
        }}
      />
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : (
        <p id={`${id}-help`} className="mt-1 text-xs text-slate-600">
          Football.TXT (.txt) or openfootball JSON (.json). Nothing is written until you confirm.
        </p>
      )}
    </div>
  );
}
