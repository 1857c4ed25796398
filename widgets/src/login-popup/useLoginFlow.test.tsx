import { act, useLayoutEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CODE_RESEND_SECONDS } from '../generated/limits';
import { answers, fail, fetchMock, mount, ok, stubFetchAroundEachTest } from './testSupport';
import { useCountdown, type Countdown } from './useCountdown';
import { EMPTY, type LoginFlow, exitOf, useLoginFlow } from './useLoginFlow';

/** The newest value a probe's hook returned. */
interface Latest<T> {
  current?: T;
}

/** Hands each rendered value of the hook to `onValue`. */
function FlowProbe({ initialEvent, onValue }: { initialEvent?: unknown; onValue: (flow: LoginFlow) => void }) {
  const flow = useLoginFlow(initialEvent);
  useLayoutEffect(() => {
    onValue(flow);
  });
  return null;
}

function CountdownProbe({ onValue }: { onValue: (countdown: Countdown) => void }) {
  const countdown = useCountdown();
  useLayoutEffect(() => {
    onValue(countdown);
  });
  return null;
}

/** Renders the hook; `flow()` is its newest value. */
async function renderFlow(initialEvent?: unknown): Promise<() => LoginFlow> {
  const latest: Latest<LoginFlow> = {};
  await mount(<FlowProbe initialEvent={initialEvent} onValue={(flow) => (latest.current = flow)} />);
  return () => latest.current!;
}

/** Runs an action of the hook and lets React and the fetch promises settle. */
async function run(action: () => unknown) {
  await act(async () => {
    await action();
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

stubFetchAroundEachTest();

describe('opening', () => {
  it('is closed without an initial event and opens on mall:open-login, on the tab it asks for', async () => {
    const flow = await renderFlow();
    expect(flow().open).toBe(false);
    expect(flow().mode).toBe('password');
    await run(() => window.dispatchEvent(new CustomEvent('mall:open-login', { detail: { mode: 'code' } })));
    expect(flow().open).toBe(true);
    expect(flow().mode).toBe('code');
  });

  it('opens at once with an initial event', async () => {
    const flow = await renderFlow({ mode: 'code' });
    expect(flow()).toMatchObject({ open: true, mode: 'code', channel: 'email', step: 'identify', values: EMPTY });
  });

  it('closing forgets everything and goes back to Account Login by email', async () => {
    const flow = await renderFlow({});
    await run(() => flow().switchMode('code'));
    await run(() => flow().switchChannel('phone'));
    await run(() => flow().setField('identifier', '12345678'));
    await run(() => flow().setField('agreed', true));
    await run(() => flow().close());
    expect(flow()).toMatchObject({ open: false, mode: 'password', channel: 'email', values: EMPTY, errors: {} });
  });
});

describe('entries', () => {
  it('a tab or sub-tab switch clears what was entered but keeps the terms tick and dial code', async () => {
    const flow = await renderFlow({});
    await run(() => flow().setField('identifier', 'a@b'));
    await run(() => flow().onIdentifierBlur());
    await run(() => flow().setField('password', 'pw'));
    await run(() => flow().setField('agreed', true));
    await run(() => flow().setDialCode('+1'));
    await run(() => flow().switchMode('password'));
    expect(flow().values.password).toBe('pw');
    await run(() => flow().switchMode('code'));
    expect(flow().values).toEqual({ ...EMPTY, dialCode: '+1', agreed: true });
    expect(flow().errors).toEqual({});
    await run(() => flow().setField('code', '123'));
    await run(() => flow().switchChannel('phone'));
    expect(flow().values).toEqual({ ...EMPTY, dialCode: '+1', agreed: true });
  });

  it('typing clears the field error; code-by-phone keeps it until 8 to 12 digits', async () => {
    const flow = await renderFlow({ mode: 'code' });
    await run(() => flow().switchChannel('phone'));
    await run(() => flow().setField('identifier', '1234'));
    await run(() => flow().onIdentifierBlur());
    expect(flow().errors.identifier).toBe('error-invalid-phone');
    await run(() => flow().setField('identifier', '1234567'));
    expect(flow().errors.identifier).toBe('error-invalid-phone');
    await run(() => flow().setField('identifier', '12345678'));
    expect(flow().errors.identifier).toBeUndefined();
  });

  it('a dial code cuts the number to its length and clears the identifier error', async () => {
    const flow = await renderFlow({});
    await run(() => flow().switchChannel('phone'));
    await run(() => flow().setDialCode('+86'));
    await run(() => flow().setField('identifier', '13812345678'));
    await run(() => flow().onIdentifierBlur());
    await run(() => flow().setDialCode('+855'));
    expect(flow().values.identifier).toBe('1381234567');
    expect(flow().errors.identifier).toBeUndefined();
  });
});

describe('submitting', () => {
  it('shows the errors of the form and sends nothing; a second submit within 600 ms is ignored', async () => {
    const flow = await renderFlow({});
    await run(() => flow().submit());
    expect(flow().errors).toEqual({ identifier: 'error-invalid-email', password: 'error-password-empty', terms: 'error-terms' });
    expect(flow().signInDisabled).toBe(true);
    await run(() => flow().setField('identifier', 'a@b.co'));
    await run(() => flow().setField('password', 'pw'));
    await run(() => flow().setField('agreed', true));
    await run(() => flow().submit());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a new account goes from the code to the Set Password step and back', async () => {
    const flow = await renderFlow({ mode: 'code' });
    await run(() => flow().setField('identifier', 'new@shop.kh'));
    answers(ok({ Exit: 0 }));
    await run(() => flow().onIdentifierBlur());
    expect(flow().isNew).toBe(true);
    await run(() => flow().setField('code', '123456'));
    await run(() => flow().setField('agreed', true));
    await run(() => flow().submit());
    expect(flow().step).toBe('set-password');
    expect(flow().tip).toBe('tip-set-password-first');
    expect(flow().signInDisabled).toBe(true);
    await run(() => flow().setField('newPassword', 'Secret#1'));
    expect(flow().tip).toBeUndefined();
    expect(flow().signInDisabled).toBe(false);
    await run(() => flow().back());
    expect(flow()).toMatchObject({ step: 'identify', tip: undefined });
    expect(flow().values).toMatchObject({ code: '123456', newPassword: '', confirmPassword: '' });
  });
});

describe('sending a code', () => {
  it('needs a valid identifier and the terms, then counts down from the resend interval', async () => {
    const flow = await renderFlow({ mode: 'code' });
    await run(() => flow().sendCode());
    expect(flow().errors).toEqual({ identifier: 'error-invalid-email', terms: 'error-terms' });
    expect(flow().countdown).toBe(0);
    expect(fetchMock).not.toHaveBeenCalled();

    await run(() => flow().setField('identifier', 'a@b.co'));
    await run(() => flow().setField('agreed', true));
    answers(ok({ Exit: 1 }), ok());
    await run(() => flow().sendCode());
    expect(flow().countdown).toBe(CODE_RESEND_SECONDS);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/user/checkUser?input=a%40b.co',
      '/api/sms/sendLoginCode',
    ]);
    // No second code while counting down.
    await run(() => flow().sendCode());
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('a refused send releases the countdown at once', async () => {
    const flow = await renderFlow({ mode: 'code' });
    await run(() => flow().setField('identifier', 'a@b.co'));
    await run(() => flow().setField('agreed', true));
    answers(ok({ Exit: 1 }), fail('A00001', 'Too many codes'));
    await run(() => flow().sendCode());
    expect(flow().countdown).toBe(0);
  });
});

describe('useCountdown', () => {
  it('counts down a second at a time from the resend interval, and stops', async () => {
    vi.useFakeTimers();
    const latest: Latest<Countdown> = {};
    await mount(<CountdownProbe onValue={(countdown) => (latest.current = countdown)} />);
    expect(latest.current!.seconds).toBe(0);
    await act(async () => latest.current!.start());
    expect(latest.current!.seconds).toBe(CODE_RESEND_SECONDS);
    await act(async () => vi.advanceTimersByTimeAsync(1000));
    expect(latest.current!.seconds).toBe(CODE_RESEND_SECONDS - 1);
    await act(async () => latest.current!.stop());
    expect(latest.current!.seconds).toBe(0);
    await act(async () => latest.current!.start(2));
    await act(async () => vi.advanceTimersByTimeAsync(1000));
    expect(latest.current!.seconds).toBe(1);
    await act(async () => vi.advanceTimersByTimeAsync(1000));
    expect(latest.current!.seconds).toBe(0);
    await act(async () => vi.advanceTimersByTimeAsync(5000));
    expect(latest.current!.seconds).toBe(0);
  });
});

describe('exitOf', () => {
  it('reads Exit of a checkUser answer', () => {
    expect(exitOf({ Exit: 0 })).toBe(0);
    expect(exitOf({ Exit: '1' })).toBe(1);
    expect(exitOf({ Exit: 'x' })).toBeUndefined();
    expect(exitOf(null)).toBeUndefined();
    expect(exitOf({})).toBeUndefined();
  });
});
