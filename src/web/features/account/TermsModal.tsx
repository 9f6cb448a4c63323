import { Modal } from '../../components/Modal';

/** Exported for its test: the terms speak only of what sign-up asks for (name, team name, e-mail, password). */
export const SECTIONS = [
  {
    title: '1. Acceptance of Terms',
    body: 'By creating a Scoreline account you agree to these terms. If you do not agree, please do not use the service.',
  },
  {
    title: '2. User Responsibilities',
    body: 'Keep your password safe and your account to yourself. Choose a team name that is not offensive, and give a real e-mail address you can read.',
  },
  {
    title: '3. Fair Play',
    body: 'One account per person. Predictions close two hours before kick-off and cannot be changed afterwards. Attempts to cheat, automate entries or disrupt the game lead to the account being closed.',
  },
  {
    title: '4. Privacy Policy',
    body: 'We store your name, team name, e-mail address and predictions to run the game. Your team name appears on leaderboards. We never sell your data, and your password is stored only as a secure hash.',
  },
  {
    title: '5. Changes to Terms',
    body: 'We may update these terms as the game grows. Important changes are announced in the app; continuing to play afterwards means you accept them.',
  },
];

/** The Terms and Conditions modal with its five sections. */
export function TermsModal({ open, onClose, onAccept }: { open: boolean; onClose: () => void; onAccept: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title="Terms and Conditions" size="lg">
      <div className="max-h-[60vh] space-y-4 overflow-y-auto pr-1 text-sm text-slate-700">
        {SECTIONS.map((s) => (
          <section key={s.title}>
            <h3 className="font-semibold text-slate-900">{s.title}</h3>
            <p className="mt-1">{s.body}</p>
          </section>
        ))}
      </div>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className="btn-secondary" onClick={onClose}>
          Close
        </button>
        <button type="button" className="btn-primary" onClick={onAccept}>
          I Agree
        </button>
      </div>
    </Modal>
  );
}
