import { Result } from 'antd';

/** antd's Result as a module of its own, for the chunks that show it on demand (route errors, the login guard). */
export default Result;
