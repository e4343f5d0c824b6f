import { CloudUploadOutlined } from '@ant-design/icons';
import { VIEWER_READ_ONLY_MESSAGE } from '@medcalc/domain';
import { Alert, App, Button, Flex, theme, Typography } from 'antd';
import { useId, useState } from 'react';

import { ConfirmModal } from '@/components/ui/confirm-action';
import { useMemberCan } from '@/hooks/use-member-can';

import type { CopyDifference, MaterialNotSaved } from '../utils/institution-differences';

/** The words of one step's notice and its «save to the institution» action. */
export type CopyNoticeTexts = {
  /** The notice's title: whose data these are. */
  title: string;
  /** What an edit here changes, and what it leaves alone. */
  description: string;
  /** How many values differ from the institution's data. */
  differs: (count: number) => string;
  /** The action's button. */
  action: string;
  /** The confirmation's title. */
  confirmTitle: string;
  /** The confirmation's first paragraph: where the values go. */
  confirmText: string;
  /** The message once saved, by the number of values saved. */
  saved: (count: number) => string;
};

/**
 * Issue 33: steps 1 and 4 edit the order's own copy of the institution data and of the material prices, which the
 * notice at the top of the step says. Where the copy differs from the institution's current data and the order
 * can be edited, the notice offers to save the differing values to the institution too, after a confirmation that
 * lists each value as it is there and as it will be. A «Перегляд» member sees the action disabled with the reason;
 * `blockedReason` disables it for another reason (a field with an error). `notSaved` names what differs but cannot
 * be saved from here, and why.
 */
export function InstitutionCopyNotice({
  texts,
  differences,
  notSaved = NOTHING_NOT_SAVED,
  isOrderEditable,
  blockedReason,
  onSave,
}: {
  texts: CopyNoticeTexts;
  differences: readonly CopyDifference[];
  notSaved?: readonly MaterialNotSaved[];
  isOrderEditable: boolean;
  blockedReason?: string;
  onSave: () => Promise<unknown>;
}) {
  const [isConfirmOpen, setConfirmOpen] = useState(false);
  // The notice gets the count only, so a keystroke in a field that already differed does not render it again
  // (step 1 renders on every keystroke; docs/performance.md "Wizard"); the question, with the values, exists
  // only while it is open.
  return (
    <>
      <CopyNoticeAlert
        texts={texts}
        count={differences.length}
        notSaved={notSaved}
        isOrderEditable={isOrderEditable}
        blockedReason={blockedReason}
        onOpen={() => setConfirmOpen(true)}
      />
      {isConfirmOpen ? (
        <CopyConfirmModal
          texts={texts}
          differences={differences}
          onSave={onSave}
          onClose={() => setConfirmOpen(false)}
        />
      ) : null}
    </>
  );
}

const NOTHING_NOT_SAVED: readonly MaterialNotSaved[] = [];

/** The notice itself: whose data these are, how many values differ, and the action (or why it is disabled). */
function CopyNoticeAlert({
  texts,
  count,
  notSaved,
  isOrderEditable,
  blockedReason,
  onOpen,
}: {
  texts: CopyNoticeTexts;
  count: number;
  notSaved: readonly MaterialNotSaved[];
  isOrderEditable: boolean;
  blockedReason: string | undefined;
  onOpen: () => void;
}) {
  const canEditInstitution = useMemberCan('edit');
  const reasonId = useId();
  const { token } = theme.useToken();
  const reason = !canEditInstitution ? VIEWER_READ_ONLY_MESSAGE : blockedReason;
  return (
    <Alert
      type="info"
      showIcon
      role="note"
      style={{ marginBottom: 16 }}
      title={texts.title}
      description={
        <Flex vertical gap={8}>
          <span>{texts.description}</span>
          {isOrderEditable && count > 0 ? (
            <Flex wrap gap={8} align="center">
              <span>{texts.differs(count)}</span>
              <Button
                icon={<CloudUploadOutlined aria-hidden />}
                // A phone is narrower than the longer label: it wraps inside the button.
                style={{
                  maxWidth: '100%',
                  height: 'auto',
                  minHeight: token.controlHeight,
                  paddingBlock: 4,
                  whiteSpace: 'normal',
                  textAlign: 'start',
                }}
                disabled={reason !== undefined}
                aria-describedby={reason === undefined ? undefined : reasonId}
                onClick={onOpen}
              >
                {texts.action}
              </Button>
              {reason === undefined ? null : (
                <Typography.Text type="secondary" id={reasonId}>
                  {reason}
                </Typography.Text>
              )}
            </Flex>
          ) : null}
          {isOrderEditable && notSaved.length > 0 ? (
            <div>
              Залишаються в закладі без змін:
              <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
                {notSaved.map((item) => (
                  <li key={item.key}>
                    «{item.name}» — {item.reason}.
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </Flex>
      }
    />
  );
}

/** The question: each value as the institution has it and as it will be; busy until the save settles. */
function CopyConfirmModal({
  texts,
  differences,
  onSave,
  onClose,
}: {
  texts: CopyNoticeTexts;
  differences: readonly CopyDifference[];
  onSave: () => Promise<unknown>;
  onClose: () => void;
}) {
  const { notification } = App.useApp();
  const save = async () => {
    const count = differences.length;
    try {
      await onSave();
    } catch {
      // The api client toasted the server's words; the question stays open to try again.
      return;
    }
    onClose();
    notification.success({ title: texts.saved(count), key: `saved:${texts.action}` });
  };
  return (
    <ConfirmModal
      open
      title={texts.confirmTitle}
      okText="Так, зберегти"
      cancelText="Скасувати"
      onConfirm={save}
      onCancel={onClose}
    >
      <Typography.Paragraph>{texts.confirmText}</Typography.Paragraph>
      <ul aria-label="Що зміниться" style={{ margin: 0, paddingInlineStart: 20 }}>
        {differences.map((difference) => (
          <li key={difference.key}>
            <strong>{difference.label}</strong>: {difference.institution} →{' '}
            <strong>{difference.order}</strong>
          </li>
        ))}
      </ul>
    </ConfirmModal>
  );
}
