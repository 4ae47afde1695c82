// The parts of three.js (pinned in package.json) that the 3D view (walk3d.js) draws with, bundled by
// build.py with esbuild into the site as three.js (loaded when the 3D view first opens).
export { AmbientLight, BoxGeometry, CanvasTexture, Color, DirectionalLight, InstancedMesh, Matrix4, Mesh,
  MeshBasicMaterial, MeshLambertMaterial, Object3D, PerspectiveCamera, PlaneGeometry, Scene, SRGBColorSpace,
  WebGLRenderer } from "three";
