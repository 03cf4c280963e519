import { cropButtonLabel, cropDrawArgs, cropStagesFor } from './crop-geometry';

describe('photo crop (spec §5, §9)', () => {
  it('crops the 320x440 dashboard rectangle and then the 1024 square for athletes', () => {
    const stages = cropStagesFor(2);
    expect(stages.map((stage) => [stage.title, stage.width, stage.height, stage.field])).toEqual([
      ['Dashboard photo', 320, 440, 'second_photo'],
      ['Your profile photo', 1024, 1024, 'photo'],
    ]);
    expect(stages[0]?.aspect).toBeCloseTo(8 / 11);
    expect(320 / 440).toBeCloseTo(8 / 11);
  });

  it('crops only the square for fans and businesses', () => {
    expect(cropStagesFor(1).map((stage) => stage.title)).toEqual(['Your profile photo']);
    expect(cropStagesFor(3)).toHaveLength(1);
  });

  it('labels Next between crops and Finish on the last', () => {
    expect(cropButtonLabel(0, 2)).toBe('Next');
    expect(cropButtonLabel(1, 2)).toBe('Finish');
    expect(cropButtonLabel(0, 1)).toBe('Finish');
  });

  it('scales the chosen area onto the output size', () => {
    const args = cropDrawArgs({ x: 100, y: 50, width: 800, height: 1100 }, { width: 2000, height: 2000 }, { width: 320, height: 440 });
    expect(args.source).toEqual({ x: 100, y: 50, width: 800, height: 1100 });
    expect(args.target).toEqual({ x: 0, y: 0, width: 320, height: 440 });
  });

  it('copies only the part inside the image when the area overhangs it', () => {
    const args = cropDrawArgs({ x: -100, y: 0, width: 1200, height: 1200 }, { width: 1000, height: 1200 }, { width: 1024, height: 1024 });
    expect(args.source).toEqual({ x: 0, y: 0, width: 1000, height: 1200 });
    expect(args.target.x).toBeCloseTo((100 * 1024) / 1200);
    expect(args.target.width).toBeCloseTo((1000 * 1024) / 1200);
    expect(args.target.height).toBeCloseTo(1024);
  });
});
