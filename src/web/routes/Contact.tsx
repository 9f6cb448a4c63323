// Screen under construction by its issue; replaced in this session.
export default function Contact() {
  return <h1 className="text-2xl font-bold">Contact</h1>;
}
