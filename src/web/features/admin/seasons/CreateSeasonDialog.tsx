import { useState } from 'react';
import { Modal } from '../../../components/Modal';
import { Banner } from '../../../components/Banner';
import { ApiError } from '../../../lib/api';
import { dayMonthYear } from '../../../lib/format';
import { CLUB_PATTERNS } from '../../../../game/clubs';
import {
  createSeasonBody,
  type NewClub,
  type SeasonFilePreview,
  type SeasonFileUpload,
} from '../../../../contract/admin-seasons';
import { useCreateSeason, usePreviewSeasonFile } from './api';
import { SeasonFileInput } from './SeasonFileInput';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const message = (err: unknown) => (err instanceof ApiError ? err.message : 'Something went wrong. Please try again.');

/** One new club's details: short name, code, two colours and the badge pattern, with a preview of the colours. */
function ClubFields({
  club,
  onChange,
  errors,
}: {
  club: NewClub;
  onChange: (c: NewClub) => void;
  errors: Record<string, string>;
}) {
  const slug = club.name.replace(/[^A-Za-z0-9]+/g, '-');
  const field = (name: keyof NewClub) => `club-${slug}-${name}`;
  return (
    <fieldset className="rounded-lg border border-slate-300 p-3" data-testid={`new-club-${slug}`}>
      <legend className="px-1 font-semibold text-slate-900">{club.name}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label className="label" htmlFor={field('shortName')}>
            Short name
          </label>
          <input
            id={field('shortName')}
            className="input"
            value={club.shortName}
            maxLength={20}
            onChange={(e) => onChange({ ...club, shortName: e.target.value })}
          />
          {errors.shortName && <p className="field-error">{errors.shortName}</p>}
        </div>
        <div>
          <label className="label" htmlFor={field('code')}>
            Code (three letters)
          </label>
          <input
            id={field('code')}
            className="input uppercase"
            value={club.code}
            maxLength={3}
            onChange={(e) => onChange({ ...club, code: e.target.value.toUpperCase() })}
          />
          {errors.code && <p className="field-error">{errors.code}</p>}
        </div>
        <div>
          <label className="label" htmlFor={field('primaryColour')}>
            First colour
          </label>
          <input
            id={field('primaryColour')}
            type="color"
            className="h-10 w-full rounded-md border border-slate-300"
            value={club.primaryColour}
            onChange={(e) => onChange({ ...club, primaryColour: e.target.value.toUpperCase() })}
          />
        </div>
        <div>
          <label className="label" htmlFor={field('secondaryColour')}>
            Second colour
          </label>
          <input
            id={field('secondaryColour')}
            type="color"
            className="h-10 w-full rounded-md border border-slate-300"
            value={club.secondaryColour}
            onChange={(e) => onChange({ ...club, secondaryColour: e.target.value.toUpperCase() })}
          />
        </div>
        <div>
          <label className="label" htmlFor={field('pattern')}>
            Badge pattern
          </label>
          <select
            id={field('pattern')}
            className="input"
            value={club.pattern}
            onChange={(e) => onChange({ ...club, pattern: e.target.value as NewClub['pattern'] })}
          >
            {CLUB_PATTERNS.map((p) => (
              <option key={p} value={p}>
                {p[0]!.toUpperCase() + p.slice(1)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-end gap-2" aria-hidden="true">
          <span className="inline-flex h-10 w-10 overflow-hidden rounded-full border border-slate-400">
            <span className="h-full w-1/2" style={{ background: club.primaryColour }} />
            <span className="h-full w-1/2" style={{ background: club.secondaryColour }} />
          </span>
          <span className="rounded bg-slate-100 px-2 py-1 text-sm font-bold text-slate-800">{club.code || '???'}</span>
        </div>
      </div>
    </fieldset>
  );
}

function PreviewSummary({ preview }: { preview: SeasonFilePreview }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-lg bg-slate-50 p-3 text-sm" data-testid="season-preview">
      <dt className="text-slate-600">File</dt>
      <dd className="font-semibold">{preview.name}</dd>
      <dt className="text-slate-600">Matches</dt>
      <dd className="font-semibold">{preview.matches}</dd>
      <dt className="text-slate-600">Rounds</dt>
      <dd className="font-semibold">{preview.rounds}</dd>
      <dt className="text-slate-600">Results</dt>
      <dd className="font-semibold">{preview.results}</dd>
      <dt className="text-slate-600">Dates</dt>
      <dd className="font-semibold">
        {preview.firstDate && preview.lastDate
          ? `${dayMonthYear(preview.firstDate)} – ${dayMonthYear(preview.lastDate)}`
          : '–'}
      </dd>
      <dt className="text-slate-600">Clubs</dt>
      <dd className="font-semibold">
        {preview.clubs.length} ({preview.unknownClubs.length} new)
      </dd>
    </dl>
  );
}

/**
 * Create a season by importing a file: choose it, check it whole (nothing written), confirm the
 * details of clubs the app does not know, create (one transaction on the server).
 */
export function CreateSeasonDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (text: string) => void;
}) {
  const previewFile = usePreviewSeasonFile();
  const createSeason = useCreateSeason();
  const [file, setFile] = useState<SeasonFileUpload | null>(null);
  const [preview, setPreview] = useState<SeasonFilePreview | null>(null);
  const [id, setId] = useState('');
  const [label, setLabel] = useState('');
  const [clubs, setClubs] = useState<NewClub[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const close = () => {
    setFile(null);
    setPreview(null);
    setErrors({});
    setFormError(null);
    onClose();
  };

  async function check() {
    if (!file) return;
    setFormError(null);
    try {
      const p = await previewFile.mutateAsync(file);
      setPreview(p);
      setId(p.suggestedId ?? '');
      setLabel(p.suggestedLabel ?? '');
      setClubs(p.unknownClubs.map(({ suggested: _s, ...c }) => c));
    } catch (err) {
      setFormError(message(err));
    }
  }

  async function create() {
    if (!file) return;
    setFormError(null);
    const parsed = createSeasonBody.safeParse({ ...file, id, label, clubs });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[issue.path.join('.')] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      const out = await createSeason.mutateAsync(parsed.data);
      onCreated(
        `Season ${out.season.label} created: ${plural(out.fixtures, 'fixture')}, ${plural(out.results, 'result')}, ${plural(out.clubsCreated, 'new club')}.`,
      );
      close();
    } catch (err) {
      setFormError(message(err));
    }
  }

  const clubErrors = (i: number) =>
    Object.fromEntries(
      Object.entries(errors)
        .filter(([k]) => k.startsWith(`clubs.${i}.`))
        .map(([k, v]) => [k.split('.')[2]!, v]),
    );

  return (
    <Modal open={open} onClose={close} title="Create a season from a file" size="lg">
      <div className="space-y-4">
        {formError && <Banner kind="error">{formError}</Banner>}
        <SeasonFileInput
          label="Season file"
          disabled={createSeason.isPending}
          onFile={(f) => {
            setFile(f);
            setPreview(null);
          }}
        />
        {!preview && (
          <div className="flex justify-end gap-3">
            <button type="button" className="btn-secondary" onClick={close}>
              Cancel
            </button>
            <button
              type="button"
              className="btn-primary"
              disabled={!file || previewFile.isPending}
              onClick={() => void check()}
            >
              {previewFile.isPending ? 'Checking…' : 'Check file'}
            </button>
          </div>
        )}
        {preview && !preview.ok && (
          <Banner kind="error">
            <span data-testid="preview-error">This file cannot be imported: {preview.error}</span>
          </Banner>
        )}
        {preview?.ok && (
          <>
            <PreviewSummary preview={preview} />
            {preview.warnings.map((w) => (
              <Banner key={w} kind="info">
                {w}
              </Banner>
            ))}
            {preview.exists && (
              <Banner kind="info">
                A season {preview.suggestedId} exists already: re-import the file into it instead, or give this one
                another id.
              </Banner>
            )}
            <div className="grid gap-3 sm:grid-cols-2">
              <div>
                <label className="label" htmlFor="season-id">
                  Season id
                </label>
                <input
                  id="season-id"
                  className="input"
                  value={id}
                  onChange={(e) => setId(e.target.value.trim())}
                  aria-describedby="season-id-help"
                />
                <p id="season-id-help" className="mt-1 text-xs text-slate-600">
                  In addresses, e.g. 2027-28.
                </p>
                {errors.id && <p className="field-error">{errors.id}</p>}
              </div>
              <div>
                <label className="label" htmlFor="season-label">
                  Season name
                </label>
                <input id="season-label" className="input" value={label} onChange={(e) => setLabel(e.target.value)} />
                {errors.label && <p className="field-error">{errors.label}</p>}
              </div>
            </div>
            {clubs.length > 0 && (
              <section aria-labelledby="new-clubs-heading" className="space-y-3">
                <h3 id="new-clubs-heading" className="font-bold text-slate-900">
                  New clubs: confirm their details
                </h3>
                {clubs.map((c, i) => (
                  <ClubFields
                    key={c.name}
                    club={c}
                    errors={clubErrors(i)}
                    onChange={(next) => setClubs((all) => all.map((x, j) => (j === i ? next : x)))}
                  />
                ))}
              </section>
            )}
            <div className="flex justify-end gap-3">
              <button type="button" className="btn-secondary" onClick={close}>
                Cancel
              </button>
              <button
                type="button"
                className="btn-primary"
                disabled={createSeason.isPending}
                onClick={() => void create()}
              >
                {createSeason.isPending ? 'Creating…' : 'Create season'}
              </button>
            </div>
          </>
        )}
      </div>
    </Modal>
  );
}
