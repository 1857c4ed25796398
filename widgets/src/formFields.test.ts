import { afterEach, describe, expect, it } from 'vitest';
import { emit } from './events';
import { installFrame } from './frame';
import { installFormFields, watchImageFields } from './formFields';

const stops: (() => void)[] = [];
afterEach(() => {
  stops.splice(0).forEach((stop) => stop());
  document.body.innerHTML = '';
});

/** The account page's form, as the server renders it (`app/src/accounts/profile.rs`). */
const PROFILE =
  '<form method="post" action="/user/profile" novalidate>' +
  '<input type="hidden" name="back" value="/user-center/uc-account">' +
  '<input type="hidden" name="pic" value="/media/old.png" data-images-of="pic">' +
  '<input id="nick" name="nickName" value="Dara" required maxlength="15"' +
  ' data-empty-message="Please enter a nickname" data-error-in="nick-error">' +
  '<p id="nick-error" role="alert" hidden></p>' +
  '<button type="submit">Save</button></form>';

function submit(form: HTMLFormElement): boolean {
  const event = new Event('submit', { bubbles: true, cancelable: true }) as SubmitEvent;
  form.dispatchEvent(event);
  return event.defaultPrevented;
}

const form = () => document.querySelector('form')!;
const nick = () => document.querySelector<HTMLInputElement>('#nick')!;
const message = () => document.querySelector<HTMLElement>('#nick-error')!;
const sent = (name: string) => new FormData(form()).get(name);

describe('a hidden input following an image-upload widget', () => {
  it("holds the paths of its widget's field, and no other's", () => {
    document.body.innerHTML = PROFILE;
    stops.push(watchImageFields());
    emit('mall:images-changed', { field: 'refund-vouchers', paths: ['/media/other.png'] });
    expect(sent('pic')).toBe('/media/old.png');
    emit('mall:images-changed', { field: 'pic', paths: ['/media/new.png'] });
    expect(sent('pic')).toBe('/media/new.png');
    emit('mall:images-changed', { field: 'pic', paths: ['/media/a.png', '/media/b.png'] });
    expect(sent('pic')).toBe('/media/a.png,/media/b.png');
  });

  it('is emptied when the picture is removed (the server then keeps the current one)', () => {
    document.body.innerHTML = PROFILE;
    stops.push(watchImageFields());
    emit('mall:images-changed', { field: 'pic', paths: [] });
    expect(sent('pic')).toBe('');
  });

  it('is followed from the first moment the frame is installed', () => {
    document.body.innerHTML = PROFILE;
    stops.push(installFrame());
    emit('mall:images-changed', { field: 'pic', paths: ['/media/framed.png'] });
    expect(sent('pic')).toBe('/media/framed.png');
  });
});

describe('a field that must not be empty', () => {
  it('keeps its form from being sent empty or with spaces only, and says why in the given words', () => {
    document.body.innerHTML = PROFILE;
    stops.push(installFormFields());
    for (const value of ['', '   ']) {
      nick().value = value;
      expect(submit(form())).toBe(true);
      expect([message().hidden, message().textContent]).toEqual([false, 'Please enter a nickname']);
      expect(nick().getAttribute('aria-invalid')).toBe('true');
      expect(document.activeElement).toBe(nick());
    }
  });

  it('clears the message when the buyer types, and lets a good value go', () => {
    document.body.innerHTML = PROFILE;
    stops.push(installFormFields());
    nick().value = ' ';
    submit(form());
    nick().value = 'Sokha';
    nick().dispatchEvent(new Event('input', { bubbles: true }));
    expect(message().hidden).toBe(true);
    expect(nick().hasAttribute('aria-invalid')).toBe(false);
    expect(submit(form())).toBe(false);
  });

  it('clears a message the server showed once the buyer types', () => {
    document.body.innerHTML = PROFILE.replace('data-error-in="nick-error"', 'data-error-in="nick-error" aria-invalid="true"')
      .replace('<p id="nick-error" role="alert" hidden></p>', '<p id="nick-error" role="alert">The nickname can be at most 15 characters</p>');
    stops.push(installFormFields());
    nick().dispatchEvent(new Event('input', { bubbles: true }));
    expect(message().hidden).toBe(true);
  });

  it('says so when it loses focus with spaces only, not when left untouched empty', () => {
    document.body.innerHTML = PROFILE;
    stops.push(installFormFields());
    nick().value = '';
    nick().dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    expect(message().hidden).toBe(true);
    nick().value = '  ';
    nick().dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    expect(message().textContent).toBe('Please enter a nickname');
  });

  it('leaves forms without such fields alone', () => {
    document.body.innerHTML = '<form method="post" action="/cart/add"><input name="count" value=""></form>';
    stops.push(installFormFields());
    expect(submit(form())).toBe(false);
  });
});
