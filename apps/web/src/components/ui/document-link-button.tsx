import { FilePdfOutlined, LoadingOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';

/** A link-styled button whose text may wrap under its icon, aligned left like the lines of a list. */
const LINK_STYLE = {
  paddingInline: 0,
  height: 'auto',
  whiteSpace: 'normal',
  overflowWrap: 'anywhere',
  textAlign: 'left',
  justifyContent: 'flex-start',
  alignItems: 'flex-start',
} as const;

type DocumentLinkButtonProps = {
  /** The file is being generated: the icon becomes a spinner and the link waits. */
  isPending: boolean;
  onClick: () => void;
  children: ReactNode;
  /** The file's kind; a PDF by default. */
  icon?: ReactNode;
  /** When the visible text alone does not say which document it is (e.g. a service's калькуляція). */
  ariaLabel?: string;
};

/**
 * A link that downloads one generated document (an order's PDF, its workbook): the feature gives it its own
 * download, so only this link spins while its file is generated and the others stay usable. A failure is toasted
 * by the api client.
 */
export function DocumentLinkButton({
  isPending,
  onClick,
  children,
  icon = <FilePdfOutlined aria-hidden />,
  ariaLabel,
}: DocumentLinkButtonProps) {
  return (
    <Button
      type="link"
      size="small"
      // The spinner is decoration (its default label is English 'loading'); aria-busy tells assistive tech.
      loading={isPending && { icon: <LoadingOutlined aria-hidden /> }}
      aria-busy={isPending}
      aria-label={ariaLabel}
      icon={icon}
      onClick={onClick}
      style={LINK_STYLE}
    >
      {children}
    </Button>
  );
}
