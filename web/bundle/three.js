// The parts of three.js (pinned in package.json) that the 3D views (walk3d.js, overview3d.js) draw with, bundled by
// build.py with esbuild into the site as three.js (loaded when the 3D view first opens).
export { AmbientLight, BoxGeometry, CanvasTexture, Color, DirectionalLight, DoubleSide, Group, InstancedMesh, Matrix4, Mesh,
  MeshBasicMaterial, MeshLambertMaterial, Object3D, PerspectiveCamera, Plane, PlaneGeometry, Scene, SRGBColorSpace,
  Vector3, WebGLRenderer } from "three";
