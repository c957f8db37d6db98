/*
 * The icons the app uses, in one place. They come from @ant-design/icons, which antd itself
 * depends on at the same version, so no extra package is shipped; swapping the set means
 * touching only this file.
 */
export {
  AuditOutlined,
  BarChartOutlined,
  BlockOutlined,
  CheckCircleFilled,
  CheckOutlined,
  CloudUploadOutlined,
  DashboardOutlined,
  FileDoneOutlined,
  FormatPainterOutlined,
  LockOutlined,
  LogoutOutlined,
  MailOutlined,
  PlayCircleOutlined,
  QrcodeOutlined,
  SafetyCertificateOutlined,
  StopOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  TrophyOutlined,
  UserOutlined,
  CalendarOutlined,
  ToolOutlined,
  UserAddOutlined,
  KeyOutlined,
  SettingOutlined,
  EditOutlined,
  IdcardOutlined,
  CrownOutlined,
  SafetyOutlined,
  EyeOutlined,
} from '@ant-design/icons';
