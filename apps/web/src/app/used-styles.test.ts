import { describe, expect, it } from 'vitest';

import { usedStyles } from './used-styles';

describe('usedStyles: the rules a drawn page can use (issue 39)', () => {
  const markup = '<div class="ant-card css-1"><span class="ant-card-head">Замовлення</span></div>';

  it('keeps the rules whose classes are in the markup and drops the rest', () => {
    const css =
      ':where(.css-1).ant-card{color:red}.ant-col-xs-12{width:50%}.ant-card .ant-card-head{margin:0}.ant-btn{x:y}';
    expect(usedStyles(css, markup)).toBe(
      ':where(.css-1).ant-card{color:red}.ant-card .ant-card-head{margin:0}',
    );
  });

  it('keeps a selector list when one of its selectors can match', () => {
    expect(usedStyles('.ant-btn,.ant-card::before{box-sizing:border-box}', markup)).toBe(
      '.ant-btn,.ant-card::before{box-sizing:border-box}',
    );
  });

  it('does not count a class that is only inside :not(), :has(), :is() or :where()', () => {
    const css =
      '.ant-card:not(.ant-card-bordered){a:b}.ant-card:has(.ant-btn){c:d}:where(.css-9).ant-card{e:f}';
    expect(usedStyles(css, markup)).toBe(css);
  });

  it('keeps a media query with the rules of it that can match, and drops an empty one', () => {
    const css =
      '@media (max-width: 575px){.ant-col-xs-1{a:b}.ant-card{c:d}}@media (min-width: 576px){.ant-col-sm-1{e:f}}';
    expect(usedStyles(css, markup)).toBe('@media (max-width: 575px){.ant-card{c:d}}');
  });

  it('keeps variables on :root and rules without a class', () => {
    const css = ':root{--x:1}a{color:blue}.gone{x:y}';
    expect(usedStyles(css, markup)).toBe(':root{--x:1}a{color:blue}');
  });

  it('keeps the keyframes a kept rule names, after the rules, and drops the others', () => {
    const css =
      '@keyframes css-1-spin{0%{a:b}100%{c:d}}@keyframes css-1-spinX{0%{e:f}}' +
      '.ant-card{animation:css-1-spin 1s}.ant-btn{animation-name:css-1-fade}@keyframes css-1-fade{0%{g:h}}';
    expect(usedStyles(css, markup)).toBe(
      '.ant-card{animation:css-1-spin 1s}@keyframes css-1-spin{0%{a:b}100%{c:d}}',
    );
  });

  it('leaves a keyframe inside a media query where it is', () => {
    const css = '@media (min-width: 576px){@keyframes wide{0%{a:b}}.ant-card{animation:wide 1s}}';
    expect(usedStyles(css, markup)).toBe(css);
  });
});
