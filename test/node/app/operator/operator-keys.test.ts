import { describe, it, expect } from 'vitest';
import { operatorKeyAction, cardsTyped, OPERATOR_KEYS } from '../../../../components/app/operator/operator-keys.js';

describe('operatorKeyAction', () => {
  it('records banker, player and tie with b, p and t, in either case', () => {
    expect(operatorKeyAction({ key: 'b' }, false)).toBe('banker');
    expect(operatorKeyAction({ key: 'P' }, false)).toBe('player');
    expect(operatorKeyAction({ key: 't' }, false)).toBe('tie');
  });

  it('toggles the pair and natural flags with 1, 2 and n', () => {
    expect(operatorKeyAction({ key: '1' }, false)).toBe('player-pair');
    expect(operatorKeyAction({ key: '2' }, false)).toBe('banker-pair');
    expect(operatorKeyAction({ key: 'n' }, false)).toBe('natural');
  });

  it('undoes with u and with Ctrl+Z or ⌘Z, and leaves other chords to the browser', () => {
    expect(operatorKeyAction({ key: 'u' }, false)).toBe('undo');
    expect(operatorKeyAction({ key: 'z', ctrlKey: true }, false)).toBe('undo');
    expect(operatorKeyAction({ key: 'Z', metaKey: true }, false)).toBe('undo');
    expect(operatorKeyAction({ key: 'b', ctrlKey: true }, false)).toBeNull();
    expect(operatorKeyAction({ key: 'r', metaKey: true }, false)).toBeNull();
    expect(operatorKeyAction({ key: 'p', altKey: true }, false)).toBeNull();
  });

  it('redoes with r, Ctrl+Y and Ctrl+Shift+Z (⌘ too); reopens the last shoe with l and takes the table over with k', () => {
    expect(operatorKeyAction({ key: 'r' }, false)).toBe('redo');
    expect(operatorKeyAction({ key: 'y', ctrlKey: true }, false)).toBe('redo');
    expect(operatorKeyAction({ key: 'Z', ctrlKey: true, shiftKey: true }, false)).toBe('redo');
    expect(operatorKeyAction({ key: 'z', metaKey: true, shiftKey: true }, false)).toBe('redo');
    expect(operatorKeyAction({ key: 'y', ctrlKey: true, shiftKey: true }, false)).toBeNull();
    expect(operatorKeyAction({ key: 'l' }, false)).toBe('reopen-shoe');
    expect(operatorKeyAction({ key: 'k' }, false)).toBe('take-over');
  });

  it('fires nothing while the operator types in a field', () => {
    for (const key of ['b', 'p', 't', 'u', 'Escape', 'Enter']) expect(operatorKeyAction({ key }, true)).toBeNull();
    expect(operatorKeyAction({ key: 'z', ctrlKey: true }, true)).toBeNull();
  });

  it('gives every action its own key, and ignores keys that are no action', () => {
    const keys = Object.values(OPERATOR_KEYS).map((key) => key.toLowerCase());
    expect(new Set(keys).size).toBe(keys.length);
    expect(operatorKeyAction({ key: 'Escape' }, false)).toBe('cancel');
    expect(operatorKeyAction({ key: 'x' }, false)).toBeNull();
    expect(operatorKeyAction({ key: 'Enter' }, false)).toBeNull();
  });
});

describe('cardsTyped', () => {
  it('splits on spaces and commas and drops empty pieces', () => {
    expect(cardsTyped(' 9h, tc  k ')).toEqual(['9h', 'tc', 'k']);
    expect(cardsTyped('   ')).toEqual([]);
  });
});
