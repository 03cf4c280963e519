import { escapeStackDepth, pushEscapeHandler } from './escape-stack';

function pressEscape(target: EventTarget): void {
  target.dispatchEvent(Object.assign(new Event('keydown'), { key: 'Escape' }));
}

describe('escape stack', () => {
  it('closes only the topmost overlay, then the one below', () => {
    const target = new EventTarget() as unknown as Document;
    const closed: string[] = [];
    const popMenu = pushEscapeHandler({ current: () => closed.push('menu') }, target);
    const popDialog = pushEscapeHandler({ current: () => closed.push('dialog') }, target);

    pressEscape(target);
    expect(closed).toEqual(['dialog']);

    popDialog();
    pressEscape(target);
    expect(closed).toEqual(['dialog', 'menu']);

    popMenu();
    expect(escapeStackDepth()).toBe(0);
    pressEscape(target);
    expect(closed).toEqual(['dialog', 'menu']);
  });
});
