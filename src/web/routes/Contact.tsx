import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { contactSchema, normalizeContact, type ContactInput } from '../../contract/contact';
import { Banner } from '../components/Banner';
import { Field, fieldAria } from '../features/account/Field';
import { useContactInfo, useSendContact } from '../features/contact/api';
import { ApiError } from '../lib/api';
import { mailtoHref } from '../lib/mailto';
import { useSession } from '../lib/session';

/** Contact messages clear after 5 seconds. */
const SUCCESS_MS = 5000;

/** What people write about: the game is free, so there is nothing to bill. */
const TOPICS = ['Technical Issues', 'Account Problems', 'Results and Fixtures', 'Feature Requests', 'General Feedback'];

/**
 * Open to everyone: a visitor (perhaps locked out of their account) writes in too. Only a signed-in
 * account with a verified address is named in the message; its address fills in the reply field.
 */
function ContactScreen() {
  const { user, isPending } = useSession();
  const info = useContactInfo();
  if (isPending || info.isPending) {
    return (
      <p className="p-6 text-slate-700" role="status">
        Loading contact page...
      </p>
    );
  }
  const account = user?.emailVerified ? user.email : null;
  // A failed load of the address leaves the form working: the address is only shown when configured.
  return <ContactForm key={account ?? ''} account={account} supportEmail={info.data?.supportEmail ?? null} />;
}

export function ContactForm({ account, supportEmail }: { account: string | null; supportEmail: string | null }) {
  const accountEmail = account ?? '';
  const send = useSendContact();
  const [banner, setBanner] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const clearBanner = useCallback(() => setBanner(null), []);
  const {
    register,
    handleSubmit,
    reset,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<ContactInput>({
    resolver: zodResolver(contactSchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    // Replies go to the account's verified address unless the player types another.
    defaultValues: { email: accountEmail, message: '' },
  });

  const supportHref = supportEmail ? mailtoHref(supportEmail) : null;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const sent = normalizeContact(values);
      await send.mutateAsync(sent);
      reset({ email: accountEmail, message: '' });
      setBanner({ kind: 'success', text: `Message sent. We'll answer by e-mail at ${sent.email}.` });
    } catch (err) {
      // The rate limit explains itself; anything else reads as the spec's failure message (naming an address only when there is one to show).
      const text =
        err instanceof ApiError && err.status === 429
          ? err.message
          : supportEmail
            ? `Failed to send message. Please try again or contact us directly at ${supportEmail}`
            : 'Failed to send message. Please try again.';
      setBanner({ kind: 'error', text });
    }
  });
  const field = (name: 'email' | 'message') => register(name, { onChange: () => clearErrors(name) });
  const err = (name: 'email' | 'message') => errors[name]?.message;

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Contact Us</h1>
        <p className="text-sm text-slate-700">Questions, problems or ideas? Send us a message.</p>
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <section className="card lg:col-span-2" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className="text-lg font-bold text-slate-900">
            Send us a message
          </h2>
          <form
            className="mt-4 space-y-4"
            noValidate
            onSubmit={(e) => {
              // Any new submit clears earlier messages.
              setBanner(null);
              void onSubmit(e);
            }}
          >
            {banner && (
              <Banner
                kind={banner.kind}
                onDismiss={clearBanner}
                clearAfterMs={banner.kind === 'success' ? SUCCESS_MS : undefined}
              >
                {banner.text}
              </Banner>
            )}
            <Field
              id="contact-email"
              label="Email"
              error={err('email')}
              hint={
                account
                  ? "Where we answer. It starts as your account's address; if you type another, we are told it is not verified."
                  : 'Where we answer. If your question is about your account, use the address you signed up with.'
              }
            >
              <input
                {...field('email')}
                {...fieldAria('contact-email', err('email'), true)}
                className="input"
                type="email"
                autoComplete="email"
                placeholder="you@example.com"
              />
            </Field>
            <Field id="contact-message" label="Message" error={err('message')}>
              <textarea
                {...field('message')}
                {...fieldAria('contact-message', err('message'))}
                className="input min-h-40"
                rows={6}
                placeholder="How can we help?"
              />
            </Field>
            <button type="submit" className="btn-primary w-full sm:w-auto" disabled={isSubmitting}>
              {isSubmitting ? 'Sending...' : 'Send Message'}
            </button>
          </form>
        </section>

        <div className="space-y-6">
          <section className="card space-y-4" aria-labelledby="contact-info-title">
            <h2 id="contact-info-title" className="text-lg font-bold text-slate-900">
              Get in touch
            </h2>
            {/* Only the site's own support address, when one is configured: never an admin's personal one. */}
            {supportEmail && (
              <div>
                <p className="text-sm font-semibold text-slate-900">Email Support</p>
                {supportHref ? (
                  <a href={supportHref} className="break-all text-sm text-brand-800 underline">
                    {supportEmail}
                  </a>
                ) : (
                  <p className="break-all text-sm text-slate-700">{supportEmail}</p>
                )}
              </div>
            )}
            <div>
              <p className="text-sm font-semibold text-slate-900">Who answers</p>
              <p className="text-sm text-slate-700">
                The people who run this Scoreline site. Every message is kept until it reaches them.
              </p>
            </div>
            <div>
              <p className="text-sm font-semibold text-slate-900">Response Time</p>
              <p className="text-sm text-slate-700">We read every message and usually answer within a few days.</p>
            </div>
          </section>
          <section className="card" aria-labelledby="topics-title">
            <h2 id="topics-title" className="text-lg font-bold text-slate-900">
              Common Topics
            </h2>
            <ul className="mt-3 space-y-2 text-sm text-slate-800">
              {TOPICS.map((t) => (
                <li key={t} className="rounded-lg bg-slate-50 px-3 py-2">
                  {t}
                </li>
              ))}
            </ul>
          </section>
          <section className="card" aria-labelledby="tips-title">
            <h2 id="tips-title" className="text-lg font-bold text-slate-900">
              Tips
            </h2>
            <p className="mt-2 text-sm text-slate-700" data-testid="contact-tips">
              {account
                ? 'Name the match or league your question is about, and describe what you expected to happen. Your team name and account address come with your message, so we know who is asking.'
                : 'Name the match or league your question is about, and describe what you expected to happen. You are not signed in: if you have an account, give the address you signed up with, so we can find it.'}
            </p>
          </section>
        </div>
      </div>
    </div>
  );
}

export default function Contact() {
  return <ContactScreen />;
}
