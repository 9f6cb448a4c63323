// Screen under construction by its issue; replaced in this session.
export default function ResetPassword() {
  return <h1 className="text-2xl font-bold">ResetPassword</h1>;
}
