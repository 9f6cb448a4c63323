import Database from 'better-sqlite3';
import { launchBrowser, newContext, DESKTOP, PHONE } from './support/browser.js';
import { startServer } from './support/server.js';

process.env.E2E_WEB_DIR = '/tmp/acct-web';
const server = await startServer();
const browser = await launchBrowser();
const out = '/tmp/shots';
try {
  for (const [name, vp] of [['desktop', DESKTOP]] as const) {
    const ctx = await newContext(browser, server.url, vp);
    const page = await ctx.newPage();
    page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
    await page.goto('/');
    await page.getByText('Start Predicting Now').waitFor();
    await page.screenshot({ path: `${out}/landing-${name}.png`, fullPage: true });
    if (name === 'phone') {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.screenshot({ path: `${out}/landing-menu-${name}.png` });
      await page.getByRole('button', { name: 'Close menu' }).click();
    }
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.screenshot({ path: `${out}/signup-errors-${name}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Terms and Conditions' }).click();
    await page.screenshot({ path: `${out}/terms-${name}.png` });
    await page.getByRole('button', { name: 'I Agree' }).click();
    const email = `shot-${name}@example.com`;
    await page.getByLabel('Full Name').fill('Shot Taker');
    await page.getByLabel('Username').fill(`shot_${name}`);
    await page.getByLabel('Team Name').fill('<b>Shot FC</b>');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('password-123');
    await page.getByLabel('Confirm Password', { exact: true }).fill('password-123');
    await page.screenshot({ path: `${out}/signup-filled-${name}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/verify');
    await page.getByText(`Verification email sent to ${email}`).waitFor();
    await page.screenshot({ path: `${out}/verify-${name}.png`, fullPage: true });
    const mails = (await (await fetch(`${server.url}/dev/mail.json`)).json()) as { messages: Array<{ to: string; text: string }> };
    const link = /https?:\/\/\S+/.exec(mails.messages.find((m) => m.to === email)!.text)![0];
    await page.goto(link);
    await page.waitForURL('**/verified');
    await page.getByText('Go to Dashboard').waitFor();
    await page.screenshot({ path: `${out}/verified-${name}.png`, fullPage: true });
    await page.goto('/settings');
    await page.getByText('Change Password', { exact: true }).first().waitFor();
    await page.screenshot({ path: `${out}/settings-${name}.png`, fullPage: true });
    await page.getByLabel('Current password', { exact: false }).first().fill('wrong-password');
    await page.locator('#newPassword').fill('another-pass-1');
    await page.locator('#confirmNewPassword').fill('another-pass-1');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Current password is incorrect').waitFor();
    await page.screenshot({ path: `${out}/settings-error-${name}.png`, fullPage: true });
    // Team-name prompt: drop the stored name.
    const db = new Database(server.databaseUrl);
    db.prepare('update user set teamName = null where email = ?').run(email);
    db.close();
    await page.goto('/settings');
    await page.getByText('Create Your Team Name!').waitFor();
    await page.getByLabel('Team Name', { exact: true }).fill('Prompted FC');
    await page.screenshot({ path: `${out}/prompt-${name}.png` });
    await page.getByRole('button', { name: 'Create Team Name' }).click();
    await page.getByText('Create Your Team Name!').waitFor({ state: 'hidden' });
    await page.goto('/dashboard');
    await page.waitForTimeout(1000);
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await page.screenshot({ path: `${out}/logout-dialog-${name}.png` });
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForTimeout(1500);
    console.log('AFTER LOGOUT', page.url(), await page.evaluate(() => JSON.stringify(history.state)));
    await page.screenshot({ path: `${out}/after-logout-${name}.png` });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.screenshot({ path: `${out}/login-forgot-${name}.png`, fullPage: true });
    await page.goto('/reset-password?token=abc');
    await page.screenshot({ path: `${out}/reset-${name}.png`, fullPage: true });
    await page.goto('/nowhere');
    await page.screenshot({ path: `${out}/notfound-${name}.png`, fullPage: true });
    await ctx.close();
  }
} catch (e) {
  console.log('FAILED', e);
} finally {
  await browser.close();
  await server.stop();
}
