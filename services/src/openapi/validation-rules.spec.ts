import { ArrayMaxSize, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { validationRules } from './validation-rules.js';

class Sample {
  @MaxLength(40)
  @IsString()
  name?: string;

  @Matches(/^[A-Za-z0-9_-]{1,64}$/)
  code?: string;

  @Matches(/^(a|b)+$/)
  free?: string;

  @Max(10)
  @Min(1)
  @IsInt()
  count?: number;

  @MaxLength(100, { each: true })
  @ArrayMaxSize(5)
  @IsOptional()
  tags?: string[];
}

describe('the validators said in the OpenAPI document (validation-rules)', () => {
  const rules = () => validationRules().get(Sample);

  it('turns MaxLength into maxLength and IsString into the string type', () => {
    expect(rules()?.get('name')).toEqual({ maxLength: 40, type: 'string' });
  });

  it('takes the maxLength a plainly bounded pattern allows, and only the pattern from one that is not', () => {
    expect(rules()?.get('code')).toEqual({ pattern: '^[A-Za-z0-9_-]{1,64}$', maxLength: 64 });
    expect(rules()?.get('free')).toEqual({ pattern: '^(a|b)+$' });
  });

  it('turns Min, Max and IsInt into a whole number with its range', () => {
    expect(rules()?.get('count')).toEqual({ minimum: 1, maximum: 10, type: 'integer' });
  });

  it("puts an `each` validator on the list's items and ArrayMaxSize on the list", () => {
    expect(rules()?.get('tags')).toEqual({ maxItems: 5, items: { maxLength: 100 } });
  });
});
