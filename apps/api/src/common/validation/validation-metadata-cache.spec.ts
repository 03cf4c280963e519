import { getMetadataStorage, IsInt, IsOptional, IsString, Length, validate } from 'class-validator';
import { cacheValidationMetadata } from './validation-metadata-cache';

/** The DTOs' rules, remembered per class: the same rules as class-validator's own lookup, and a class loaded later is seen. */
describe('class-validator metadata, remembered per class', () => {
  const storage = getMetadataStorage();
  const uncached = storage.getTargetValidationMetadatas.bind(storage);

  class Page {
    @IsOptional()
    @IsInt()
    page?: unknown;
  }

  class Search extends Page {
    @IsString()
    @Length(1, 5)
    sport?: unknown;
  }

  beforeAll(() => cacheValidationMetadata(storage));

  it('answers what class-validator works out, once per class and options', () => {
    for (const target of [Page, Search]) {
      const remembered = storage.getTargetValidationMetadatas(target, '', false, false);
      expect(remembered).toEqual(uncached(target, '', false, false));
      expect(storage.getTargetValidationMetadatas(target, '', false, false)).toBe(remembered);
      expect(storage.getTargetValidationMetadatas(target, '', false, false, ['admin'])).not.toBe(remembered);
    }
    expect(storage.getTargetValidationMetadatas(Search, '', false, false).map((rule) => rule.propertyName).sort()).toEqual(['page', 'page', 'sport', 'sport']);
  });

  it('validates with inherited and own rules, before and after a class registered later', async () => {
    const search = Object.assign(new Search(), { page: 'x', sport: 'lacrosse' });
    expect((await validate(search)).map((error) => error.property).sort()).toEqual(['page', 'sport']);

    // Decorators that run now (a class loaded after the first validation) clear what was remembered.
    class NarrowSearch extends Search {
      @IsInt()
      limit?: unknown;
    }
    expect(storage.getTargetValidationMetadatas(Search, '', false, false)).toEqual(uncached(Search, '', false, false));
    // A rule added to a remembered parent class reaches its subclasses.
    IsInt()(Page.prototype, 'size');
    expect(storage.getTargetValidationMetadatas(Search, '', false, false).map((rule) => rule.propertyName)).toContain('size');
    const narrow = Object.assign(new NarrowSearch(), { page: 2, size: 3, sport: 'golf', limit: 'ten' });
    expect((await validate(narrow)).map((error) => error.property)).toEqual(['limit']);
    expect((await validate(Object.assign(new NarrowSearch(), { page: 2, size: 3, sport: 'golf', limit: 10 })))).toEqual([]);
  });

  it('is installed once', () => {
    const installed = storage.getTargetValidationMetadatas;
    cacheValidationMetadata(storage);
    expect(storage.getTargetValidationMetadatas).toBe(installed);
  });
});
