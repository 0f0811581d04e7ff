/**
 * Starts fetching the app's own scripts and styles once this page has loaded, while the person
 * types: after the sign-in the app opens from the HTTP cache. The build lists them in the page as
 * `<template id="app-assets">` (vite/appAssets.ts); a template's links stay inert until added.
 */
export const prefetchApp = () => {
  const start = () => {
    const assets = document.getElementById("app-assets")
    if (assets instanceof HTMLTemplateElement) document.head.append(assets.content.cloneNode(true))
  }
  if (document.readyState === "complete") start()
  else window.addEventListener("load", start, { once: true })
}
