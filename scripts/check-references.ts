/**
 * Comments and docs must make sense to a reader of this repository alone: no pointer to a
 * tracker's issue number, to a numbered point of a design note kept outside the repo, or to a
 * numbered section of the product specification. Say the reason itself, or point at a decision
 * record in docs/decisions/ (decision record 0073).
 *
 * `npm run lint` runs this over the tracked (and new, not ignored) text files of the folders
 * below; it prints each hit as file:line and exits 1 when there is one.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** What a reader of the repo cannot follow, each with the advice printed beside a hit. */
export const HIDDEN_REFERENCES = [
  { pattern: /\bissues?\s+#?\d+/i, advice: 'an issue number: say the reason, or point at a decision record' },
  { pattern: /\bDESIGN(?:\.md\b|\s+points?\s+\d)/, advice: 'the design note outside the repo: say the rule itself' },
  { pattern: /§\s*\d/, advice: 'a section of the specification: say the rule, or quote the text users see' },
];

export const CHECKED = ['src', 'e2e', 'bench', 'scripts', 'docs', 'eslint', 'README.md'];
const TEXT = /\.(ts|tsx|js|mjs|cjs|md|html|css|json|sh|sql|txt)$/;

export interface Hit {
  line: number;
  text: string;
  advice: string;
}

/** Every hit in one file's text: line number (from 1), the line, and the advice. */
export function findHiddenReferences(text: string): Hit[] {
  const hits: Hit[] = [];
  text.split('\n').forEach((line, i) => {
    for (const { pattern, advice } of HIDDEN_REFERENCES) {
      if (pattern.test(line)) hits.push({ line: i + 1, text: line.trim(), advice });
    }
  });
  return hits;
}

/** The files the check reads under `root`: tracked or new, not ignored, text only. */
export function checkedFiles(root: string): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...CHECKED], {
    cwd: root,
    encoding: 'utf8',
  });
  return [...new Set(out.split('\0').filter((f) => TEXT.test(f)))].sort();
}

/** Runs the check under `root`; returns the lines to print and whether it passed. */
export function checkReferences(root: string): { ok: boolean; lines: string[] } {
  const lines: string[] = [];
  for (const file of checkedFiles(root)) {
    let text: string;
    try {
      text = readFileSync(`${root}/${file}`, 'utf8');
    } catch {
      continue; // deleted in the working tree but still tracked
    }
    const hits = findHiddenReferences(text);
    for (const h of hits) lines.push(`${file}:${h.line}: ${h.advice}\n    ${h.text}`);
  }
  return { ok: lines.length === 0, lines };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = process.argv[2] ?? process.cwd();
  const { ok, lines } = checkReferences(root);
  for (const l of lines) console.error(l);
  if (!ok) {
    console.error(`\n${lines.length} reference(s) a reader of the repo cannot follow (scripts/check-references.ts).`);
    process.exit(1);
  }
}
