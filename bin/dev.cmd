@echo off
node "%~dp0\dev" %*
