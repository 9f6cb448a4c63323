import { useNavigate } from 'react-router';
import { Modal } from './Modal';
import { useSignOut } from '../lib/session';

/** Spec: 'Confirm Logout' / 'Are you sure you want to log out?' with Cancel and Log Out. */
export function LogoutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const signOut = useSignOut();
  const navigate = useNavigate();
  return (
    <Modal open={open} onClose={onClose} title="Confirm Logout" size="sm">
      <p className="text-slate-700">Are you sure you want to log out?</p>
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" className="btn-secondary" onClick={onClose} autoFocus>
          Cancel
        </button>
        <button
          type="button"
          className="btn-danger"
          onClick={async () => {
            // Leave the guarded screen first (the landing chunk may still be loading), so the
            // screen's own "signed out → /login" redirect cannot overtake this navigation.
            onClose();
            await navigate('/', {
              replace: true,
              state: { message: 'You have been logged out. See you on match day!' },
            });
            await signOut();
          }}
        >
          Log Out
        </button>
      </div>
    </Modal>
  );
}
