import { useEffect, useRef, type RefObject } from 'react';
import { currentScanOwner, isEditableTarget } from './scan/scan-owners';
import { ShortcutEngine, type TShortcut } from './shortcut-engine';

export type { TShortcut } from './shortcut-engine';

/** The app's one shortcut registry (lib/shortcut-engine.ts). */
export const shortcutRegistry = new ShortcutEngine();

/** The headings of the `?` list. */
export const SHORTCUT_GROUPS = { everywhere: 'Everywhere', page: 'This page', form: 'Forms' } as const;

/** Keys here belong to the element: text fields, selects' and menus' lists, a grid's cells. */
const KEY_OWNERS = '[role="listbox"],[role="menu"],[role="combobox"],[role="grid"]';

/** Listens for the registry on the window; the shell calls it once. Returns the removal. */
export function listenForShortcuts(): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.defaultPrevented || event.isComposing) return;
    const target = event.target instanceof Element ? event.target : null;
    const taken = shortcutRegistry.keydown({
      key: event.key,
      code: event.code,
      ctrlKey: event.ctrlKey,
      metaKey: event.metaKey,
      altKey: event.altKey,
      repeat: event.repeat,
      timeStamp: event.timeStamp,
      inField: isEditableTarget(target) || !!target?.closest(KEY_OWNERS),
      inDialog: !!target?.closest('[role="dialog"]'),
      scanScope: currentScanOwner()?.kind === 'scope',
    });
    if (taken) event.preventDefault();
  };
  window.addEventListener('keydown', onKeyDown);
  return () => window.removeEventListener('keydown', onKeyDown);
}

/** Declares a screen's shortcuts while it is mounted; the list is read at each key, so it may change every render. */
export function useShortcuts(shortcuts: readonly TShortcut[]): void {
  const current = useRef(shortcuts);
  current.current = shortcuts;
  useEffect(() => shortcutRegistry.add(() => current.current), []);
}

/**
 * Submits a form the way its own submit button does (its handler, its validation), or does nothing when that
 * button is disabled (nothing to save, a save under way). Returns whether it submitted.
 */
export function submitFormLikeItsButton(form: HTMLFormElement | null): boolean {
  // The form's controls include a button outside it that names it (`form="…"`, a dialog's actions).
  const button = [...(form?.elements ?? [])].find(
    (el): el is HTMLButtonElement => el instanceof HTMLButtonElement && el.type === 'submit',
  );
  if (!form || !button || button.disabled) return false;
  form.requestSubmit(button);
  return true;
}

/** Ctrl/⌘-S submits `form` through its own submit button (never a second save path). `inDialog` for a dialog's form. */
export function useSaveShortcut(
  form: RefObject<HTMLFormElement | null>,
  options: { enabled?: boolean; inDialog?: boolean; description?: string } = {},
): void {
  useShortcuts([
    {
      keys: 'mod+s',
      description: options.description ?? 'Save',
      group: SHORTCUT_GROUPS.form,
      enabled: options.enabled,
      inFields: true,
      inDialog: options.inDialog,
      handler: () => void submitFormLikeItsButton(form.current),
    },
  ]);
}
