import { ToolOutlined } from '@ant-design/icons';
import { Result } from 'antd';

/** Placeholder body of a guarded page whose content a later issue brings; the route itself is final. */
export function UnderConstruction() {
  return (
    <Result
      icon={<ToolOutlined aria-hidden />}
      title="Розділ у розробці"
      subTitle="Ця сторінка з’явиться найближчим часом."
    />
  );
}
