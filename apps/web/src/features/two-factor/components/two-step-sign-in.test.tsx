import { MSG_SECURITY } from '@bit/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectPointedAt, jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { codesText } from './recovery-codes';
import { groupKey } from './set-up';
import { TwoStepSignIn } from './two-step-sign-in';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const QR = 'data:image/svg+xml;base64,PHN2Zy8+';
const CODES = Array.from({ length: 10 }, (_, i) => `k7p2m-9x4q${i}`);
const PASSWORD = 'Passw0rd!23';

type TStatus = { on: boolean; required: boolean; recoveryCodesLeft: number };

/** The server's two-step sign-in for the signed-in user, as the four endpoints change it. */
function server(
  start: TStatus,
  { codeOk = (code: string): boolean => code === '123456' }: { codeOk?: (code: string) => boolean } = {},
) {
  let status = { ...start };
  const sent: Array<{ method: string; body: unknown }> = [];
  const wrong = () =>
    jsonResponse(400, {
      message: MSG_SECURITY.codeWrong,
      errors: [{ field: 'code', message: MSG_SECURITY.codeWrong }],
    });
  const wrongPassword = () =>
    jsonResponse(400, {
      message: MSG_SECURITY.wrongPassword,
      errors: [{ field: 'password', message: MSG_SECURITY.wrongPassword }],
    });
  const fetch = mockFetch({
    'GET /api/me/two-factor': () => jsonResponse(200, { data: status }),
    'POST /api/me/two-factor': (_url, init) => {
      const body = JSON.parse(String(init?.body));
      sent.push({ method: 'start', body });
      if (body.password !== PASSWORD) return wrongPassword();
      return jsonResponse(200, {
        secret: SECRET,
        otpauthUrl: `otpauth://totp/BIT?secret=${SECRET}`,
        qrCode: QR,
      });
    },
    'POST /api/me/two-factor/confirm': (_url, init) => {
      const body = JSON.parse(String(init?.body));
      sent.push({ method: 'confirm', body });
      if (!codeOk(body.code)) return wrong();
      status = { ...status, on: true, recoveryCodesLeft: 10 };
      return jsonResponse(200, { message: MSG_SECURITY.twoFactorOn, recoveryCodes: CODES });
    },
    'DELETE /api/me/two-factor': (_url, init) => {
      const body = JSON.parse(String(init?.body));
      sent.push({ method: 'delete', body });
      if (body.password !== PASSWORD) return wrongPassword();
      if (!codeOk(body.code)) return wrong();
      status = { ...status, on: false, recoveryCodesLeft: 0 };
      return jsonResponse(200, { message: MSG_SECURITY.twoFactorOff });
    },
  });
  return { fetch, sent };
}

function renderScreen() {
  const onChange = vi.fn();
  const view = renderRoutes(
    [
      { path: '/two-step-sign-in', element: <TwoStepSignIn onChange={onChange} /> },
      { path: '/admin-dashboard', element: <p>admin dashboard</p> },
    ],
    ['/two-step-sign-in'],
  );
  return { onChange, ...view };
}

const focusedHeading = async (name: string) => {
  const heading = await screen.findByRole('heading', { level: 2, name });
  await waitFor(() => expect(heading).toHaveFocus());
  return heading;
};

describe('two-step sign-in screen', () => {
  /** Opens the set-up from the state "off" with the password (CONTRACT 6.7), its QR code shown. */
  async function openSetUp() {
    expect(
      await screen.findByRole('heading', { level: 2, name: MSG_SECURITY.twoFactorOff }),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Set up' }));
    await focusedHeading('Set up two-step sign-in');
    expect(screen.getByText(MSG_SECURITY.startHint)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Your password'), { target: { value: PASSWORD } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' });
    await focusedHeading('Set up two-step sign-in');
  }

  it('asks for the password before the set-up, marking a wrong one at the field', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 0);
    const { sent } = server({ on: false, required: false, recoveryCodesLeft: 0 });
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Set up' }));
    await focusedHeading('Set up two-step sign-in');
    const password = screen.getByLabelText('Your password');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    fireEvent.change(password, { target: { value: 'not-it' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(MSG_SECURITY.wrongPassword));
    expectPointedAt(screen.getByLabelText('Your password'), MSG_SECURITY.wrongPassword);
    expect(screen.queryByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeNull();
    expect(sent).toEqual([{ method: 'start', body: { password: 'not-it' } }]);
  });

  it('sets it up from the QR code, or the key as text in groups of four, which copies as the key', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => 0);
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    server({ on: false, required: false, recoveryCodesLeft: 0 });
    renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Two-step sign-in' })).toBeInTheDocument();
    await openSetUp();

    expect(screen.getByText(MSG_SECURITY.scanOrType)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toHaveAttribute(
      'src',
      QR,
    );
    expect(screen.getByRole('definition')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    fireEvent.click(screen.getByRole('button', { name: 'Copy key' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(MSG_SECURITY.copied));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    const code = screen.getByLabelText('6-digit code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  });

  it('marks a wrong code at the field, and nothing is on', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 0);
    server({ on: false, required: false, recoveryCodesLeft: 0 });
    const { onChange } = renderScreen();
    await openSetUp();
    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));

    await waitFor(() => expect(error).toHaveBeenCalledWith(MSG_SECURITY.codeWrong));
    expectPointedAt(screen.getByLabelText('6-digit code'), MSG_SECURITY.codeWrong);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('confirms with a code, then shows the 10 recovery codes once, to copy or save', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => 0);
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { sent } = server({ on: false, required: false, recoveryCodesLeft: 0 });
    const { onChange } = renderScreen();
    await openSetUp();
    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));

    await focusedHeading('Save your recovery codes');
    expect(sent).toEqual([
      { method: 'start', body: { password: PASSWORD } },
      { method: 'confirm', body: { code: '123456' } },
    ]);
    expect(success).toHaveBeenCalledWith(MSG_SECURITY.twoFactorOn);
    expect(onChange).toHaveBeenCalledWith(true);
    expect(screen.getByText(MSG_SECURITY.keepCodesSafe)).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    fireEvent.click(screen.getByRole('button', { name: 'Copy codes' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(CODES.join('\n')));
    expect(screen.getByRole('button', { name: 'Download as text' })).toBeInTheDocument();

    // Done: the codes are gone for good, the screen says it is on
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await focusedHeading(MSG_SECURITY.twoFactorOn);
    expect(screen.queryByText(CODES[0] as string)).toBeNull();
    expect(await screen.findByText('Recovery codes left:')).toHaveTextContent('Recovery codes left: 10');
    expect(screen.getByRole('button', { name: 'Turn off' })).toBeInTheDocument();
  });

  it('turns it off with the password and a code from the app or a recovery code', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => 0);
    const { sent } = server(
      { on: true, required: false, recoveryCodesLeft: 7 },
      { codeOk: (code) => code === 'k7p2m-9x4qd' },
    );
    const { onChange } = renderScreen();
    expect(await screen.findByText('Recovery codes left:')).toHaveTextContent('Recovery codes left: 7');
    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));

    await focusedHeading('Turn off two-step sign-in');
    expect(screen.getByText(MSG_SECURITY.turnOffPasswordHint)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Your password'), { target: { value: PASSWORD } });
    fireEvent.change(screen.getByLabelText('Code from your app, or a recovery code'), {
      target: { value: 'k7p2m-9x4qd' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));

    await focusedHeading(MSG_SECURITY.twoFactorOff);
    expect(sent).toEqual([{ method: 'delete', body: { password: PASSWORD, code: 'k7p2m-9x4qd' } }]);
    expect(success).toHaveBeenCalledWith(MSG_SECURITY.twoFactorOff);
    expect(onChange).toHaveBeenCalledWith(false);
    expect(screen.getByRole('button', { name: 'Set up' })).toBeInTheDocument();
  });

  it('goes back from set-up or turning off with Cancel, changing nothing', async () => {
    const { sent } = server({ on: true, required: false, recoveryCodesLeft: 10 });
    const { onChange } = renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Turn off' }));
    await focusedHeading('Turn off two-step sign-in');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await focusedHeading(MSG_SECURITY.twoFactorOn);
    expect(sent).toEqual([]);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('says why an admin must set it up under ADMIN_2FA=required, and then opens the admin screens', async () => {
    vi.spyOn(toast, 'success').mockImplementation(() => 0);
    server({ on: false, required: true, recoveryCodesLeft: 0 });
    const { router } = renderScreen();
    expect(await screen.findByText(MSG_SECURITY.requiredExplained)).toBeInTheDocument();
    await openSetUp();
    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    await focusedHeading('Save your recovery codes');
    expect(screen.queryByText(MSG_SECURITY.requiredExplained)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('admin dashboard')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin-dashboard');
  });

  it('does not offer turning it off when it is required', async () => {
    server({ on: true, required: true, recoveryCodesLeft: 10 });
    renderScreen();
    expect(await screen.findByText(MSG_SECURITY.requiredForAdmins)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn off' })).toBeNull();
    expect(screen.queryByText(MSG_SECURITY.requiredExplained)).toBeNull();
  });

  it("shows the server's message when the state cannot be read", async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 0);
    mockFetch({ 'GET /api/me/two-factor': () => jsonResponse(403, { message: MSG_SECURITY.onlyStaff }) });
    renderScreen();
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG_SECURITY.onlyStaff);
    expect(error).toHaveBeenCalledWith(MSG_SECURITY.onlyStaff);
  });
});

describe('the key and the codes as text', () => {
  it('groups the key in fours', () => {
    expect(groupKey('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
  });

  it('writes the codes one a line under what they are', () => {
    expect(codesText(['a', 'b'])).toBe(`${MSG_SECURITY.recoveryCodesFile}\n\na\nb\n`);
  });
});
