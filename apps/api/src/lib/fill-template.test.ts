import { describe, expect, it } from 'vitest';
import { fillTemplate } from './fill-template';

describe('fillTemplate', () => {
  it("writes names holding $&, $` and $' as they are", () => {
    const name = "Owls $& $` $' $$ pass";
    expect(fillTemplate('Receipt for {name} on {channel}: {name}', { name, channel: 'C $1' })).toBe(
      `Receipt for ${name} on C $1: ${name}`,
    );
  });

  it('leaves places it has no value for', () => {
    expect(fillTemplate('{amount} for {name}', { name: 'x' })).toBe('{amount} for x');
  });
});
