import { waitFor, type userEvent } from '@/testing/test-utils';

/**
 * Picks the option titled `title` of the antd select that `combobox` opens. Only an open dropdown counts: a
 * select closed before keeps its options in the DOM, hidden.
 */
export async function chooseOption(
  user: ReturnType<typeof userEvent.setup>,
  combobox: HTMLElement,
  title: string,
) {
  await user.click(combobox);
  const option = await waitFor(() => {
    const found = [
      ...document.querySelectorAll(
        '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
      ),
    ].find((element) => element.getAttribute('title') === title);
    if (!(found instanceof HTMLElement)) throw new Error(`no option «${title}» yet`);
    return found;
  });
  await user.click(option);
}
