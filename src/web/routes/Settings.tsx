// Screen under construction by its issue; replaced in this session.
export default function Settings() {
  return <h1 className="text-2xl font-bold">Settings</h1>;
}
