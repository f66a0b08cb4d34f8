@echo off
node "%~dp0\run" %*
