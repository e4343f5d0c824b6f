import { FilePdfOutlined, LoadingOutlined } from '@ant-design/icons';
import { Button } from 'antd';

import { useDownloadServiceCosting } from '../api/download-service-costing';

/**
 * «Калькуляція (PDF)»: downloads the printed калькуляція of one service of a calculated order (issue 10 item 6).
 * Spins while the file is generated; a failure is toasted by the api client in Ukrainian.
 */
export function CostingDownloadButton({
  identifier,
  calculationId,
  name,
}: {
  identifier: string;
  calculationId: number;
  name: string;
}) {
  const download = useDownloadServiceCosting();
  return (
    <Button
      size="small"
      // The spinner is decoration (its default label is English 'loading'); aria-busy tells assistive tech.
      loading={download.isPending && { icon: <LoadingOutlined aria-hidden /> }}
      aria-busy={download.isPending}
      aria-label={`Калькуляція (PDF) «${name}»`}
      icon={<FilePdfOutlined aria-hidden />}
      onClick={() => download.mutate({ identifier, calculationId, name })}
    >
      Калькуляція (PDF)
    </Button>
  );
}
